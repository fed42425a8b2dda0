import { TWO_FACTOR_MESSAGES as M, TWO_FACTOR, type TwoFactorSetupResponse } from '@corral/contract';
import { type FormEvent, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { renderSVG } from 'uqr';
import { ApiError } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { PasswordField, TextField } from '../../../ui/text-field.tsx';
import { useStartTwoFactor, useVerifyTwoFactor } from '../api/two-factor-api.ts';
import { RecoveryCodes } from './recovery-codes.tsx';

export interface TwoFactorSetupDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** The error of a field the server named, else the message for the form. */
const fieldError = (error: unknown, field: string) =>
  error instanceof ApiError ? (error.errors?.[field]?.[0] ?? error.message) : M.wrongPassword;

/**
 * Turning two-factor sign-in on (loaded only when opened: the QR library with it): the password, then the QR code
 * of the otpauth URI (and the secret to type by hand) and a code from the app, then the recovery codes.
 */
export function TwoFactorSetupDialog({ open, onOpenChange }: TwoFactorSetupDialogProps) {
  const start = useStartTwoFactor();
  const verify = useVerifyTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const setup = start.data;
  const codes = verify.data?.recovery_codes;

  const close = (next: boolean) => {
    if (next) return onOpenChange(true);
    onOpenChange(false);
    start.reset();
    verify.reset();
    setPassword('');
    setCode('');
    setError(null);
  };

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(M.passwordRequired);
    setError(null);
    start.mutate({ password }, { onError: (failure) => setError(fieldError(failure, 'password')) });
  };
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.replace(/\s/g, '');
    if (!new RegExp(`^\\d{${TWO_FACTOR.digits}}$`).test(typed)) return setError(M.codeFormat);
    setError(null);
    verify.mutate(
      { code: typed },
      {
        onSuccess: () => toast.success(M.enabled),
        onError: (failure) => setError(fieldError(failure, 'code')),
      },
    );
  };

  return (
    <Modal open={open} onOpenChange={close} title="Turn on two-factor sign-in">
      {codes ? (
        <div className="flex flex-col gap-4">
          <RecoveryCodes codes={codes} />
          <Button onClick={() => close(false)}>Done</Button>
        </div>
      ) : setup ? (
        <form noValidate onSubmit={submitCode} className="flex flex-col gap-4">
          <AppSetup setup={setup} />
          <TextField
            label="Code from the app"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={12}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={error ?? undefined}
          />
          <Button type="submit" busy={verify.isPending}>
            Turn on
          </Button>
        </form>
      ) : (
        <form noValidate onSubmit={submitPassword} className="flex flex-col gap-4">
          <p className="text-sm text-stone-700">
            Signing in will ask for a code from an authenticator app after your password. First, confirm your password.
          </p>
          <PasswordField
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={error ?? undefined}
          />
          <Button type="submit" busy={start.isPending}>
            Continue
          </Button>
        </form>
      )}
    </Modal>
  );
}

/** The QR code for the app to scan, and the secret for typing in by hand. */
function AppSetup({ setup }: { setup: TwoFactorSetupResponse }) {
  const qr = useMemo(
    () => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(setup.otpauth_uri, { border: 2 }))}`,
    [setup.otpauth_uri],
  );
  const grouped = setup.secret.match(/.{1,4}/g)?.join(' ') ?? setup.secret;
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      <p className="text-sm text-stone-700">
        Scan this QR code with your authenticator app, then enter the code it shows.
      </p>
      <img src={qr} alt="QR code for your authenticator app" className="size-48 bg-white" />
      <p className="text-sm text-stone-700">
        Can't scan it? Enter this key in the app:
        <br />
        <code data-testid="two-factor-secret" className="font-mono text-base break-words text-stone-900">
          {grouped}
        </code>
      </p>
    </div>
  );
}
