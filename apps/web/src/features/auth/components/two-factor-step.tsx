import { type CurrentUser, TWO_FACTOR_MESSAGES as M, TWO_FACTOR } from '@corral/contract';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useLogInWithCode } from '../api/auth-api.ts';
import { FormAlert } from './auth-card.tsx';

export interface TwoFactorStepProps {
  challenge: string;
  /** Signed in: the page finishes as after a sign-in without a second factor. */
  onSignedIn(user: CurrentUser): void;
  /** The sign-in cannot go on (expired, too many wrong codes, suspended): back to the password, with why. */
  onRestart(error: unknown): void;
}

/** Answers that end the challenge: the password is asked again. */
const RESTART: ReadonlySet<string> = new Set([M.challengeExpired, M.tooManyWrongCodes]);

/**
 * The code step of a sign-in with two-factor on (ADR 034): a code from the authenticator app, or a recovery code,
 * and whether to remember this device for 30 days. Loaded only when a sign-in (a password, or Google or Apple on the
 * callback page) answers that it is needed.
 */
export function TwoFactorStep({ challenge, onSignedIn, onRestart }: TwoFactorStepProps) {
  const logIn = useLogInWithCode();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  // Signed in: the page stays a moment (the spec's 3 seconds), and nothing is sent twice meanwhile.
  const [done, setDone] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (logIn.isPending || done) return;
    const typed = recovery ? value.trim() : value.replace(/\s/g, '');
    const invalid = recovery
      ? typed.length === 0 && M.recoveryCodeRequired
      : !new RegExp(`^\\d{${TWO_FACTOR.digits}}$`).test(typed) && M.codeFormat;
    setError(invalid || null);
    setAlert(null);
    if (invalid) return;
    logIn.mutate(
      {
        challenge,
        remember_device: remember,
        ...(recovery ? { recovery_code: typed } : { code: typed }),
      },
      {
        onSuccess: ({ user }) => {
          setDone(true);
          onSignedIn(user);
        },
        onError: (failure) => {
          if (failure instanceof ApiError && (failure.status === 403 || RESTART.has(failure.message))) {
            onRestart(failure);
            return;
          }
          const message = failure.message || M.codeInvalid;
          if (failure instanceof ApiError && failure.status === 401) setError(message);
          else setAlert(message);
        },
      },
    );
  };

  const switchMode = () => {
    setRecovery((on) => !on);
    setValue('');
    setError(null);
  };

  return (
    <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FormAlert message={alert} />
      <p className="text-sm text-stone-700">
        {recovery
          ? 'Enter one of the recovery codes you saved when you turned on two-factor sign-in.'
          : 'Enter the code from your authenticator app.'}
      </p>
      <TextField
        key={recovery ? 'recovery' : 'code'}
        label={recovery ? 'Recovery code' : 'Authentication code'}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={recovery ? 40 : 12}
        autoFocus
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={error ?? undefined}
      />
      <label className="inline-flex items-center gap-2 text-sm text-stone-700">
        <input
          type="checkbox"
          className="size-4 accent-leather-700"
          checked={remember}
          onChange={(event) => setRemember(event.target.checked)}
        />
        Remember this device for {TWO_FACTOR.rememberDeviceDays} days
      </label>
      <Button type="submit" busy={logIn.isPending || done} className="mt-2 w-full">
        Verify
      </Button>
      <Button variant="ghost" onClick={switchMode} className="w-full">
        {recovery ? 'Use a code from your app' : 'Use a recovery code'}
      </Button>
    </form>
  );
}
