import {
  type CurrentUser,
  type LoginResponse,
  MESSAGES,
  OAUTH_ERRORS,
  OAUTH_PROVIDER_NAMES,
  type OAuthLinkRequiredResponse,
  type SuspendedResponse,
} from '@corral/contract';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { destinationFor, safeReturnPath } from '../../../lib/return-to.ts';
import { useSession } from '../../../lib/session-store.ts';
import { Button } from '../../../ui/button.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { PasswordField } from '../../../ui/text-field.tsx';
import {
  exchangeOAuthCode,
  linkOAuthByEmail,
  linkOAuthWithPassword,
  linkRequiredIn,
  takeOAuthNext,
} from '../api/oauth-api.ts';
import { AuthCard, FormAlert } from '../components/auth-card.tsx';
import { SuspendedPanel } from '../components/suspended-panel.tsx';

const TwoFactorStep = lazy(() =>
  import('../components/two-factor-step.tsx').then((module) => ({ default: module.TwoFactorStep })),
);

type Step =
  | { kind: 'working' }
  | { kind: 'code'; challenge: string }
  | { kind: 'failed'; message: string }
  | { kind: 'suspended'; suspension: SuspendedResponse }
  | { kind: 'link'; link: OAuthLinkRequiredResponse };

/** The 403 of a suspended member (checked by hand, as the sign-in page does). */
function suspensionIn(error: unknown): SuspendedResponse | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  const body = (error.body ?? {}) as Partial<SuspendedResponse>;
  if (body.code !== 'suspended' || typeof body.suspended_until !== 'string') return null;
  return {
    message: error.message,
    code: 'suspended',
    suspended_until: body.suspended_until,
    reason: typeof body.reason === 'string' ? body.reason : '',
    appeal_token: typeof body.appeal_token === 'string' ? body.appeal_token : null,
    appeal_status: body.appeal_status ?? null,
  };
}

const messageOf = (error: unknown) =>
  error instanceof ApiError && error.message ? error.message : MESSAGES.login.unknown;

/**
 * Where Google and Apple sign-in come back (docs/decisions/036-google-and-apple-sign-in.md): the server's
 * redirect brings `#code=` (or `#error=`) in the fragment, which no server sees; the code is traded for a
 * session at once and the fragment wiped. The emailed link of the link step lands here too.
 */
export function OAuthCallbackPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'working' });
  const started = useRef(false);

  const finish = (user: CurrentUser) => {
    toast.success(MESSAGES.login.success);
    useSession.getState().setUser(user);
    navigate(destinationFor(user, safeReturnPath(takeOAuthNext())), { replace: true });
  };
  // Two-factor sign-in on: the provider proved the first factor, the code step waits for the second.
  const go = (answer: LoginResponse) => {
    if ('two_factor_required' in answer) setStep({ kind: 'code', challenge: answer.challenge });
    else finish(answer.user);
  };
  const refuse = (error: unknown) => {
    const suspension = suspensionIn(error);
    if (suspension) setStep({ kind: 'suspended', suspension });
    else setStep({ kind: 'failed', message: messageOf(error) });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the fragment is read once, on arrival
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fragment = new URLSearchParams(window.location.hash.slice(1));
    // The code is single-use, but it leaves the address bar and the history at once all the same.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    const code = fragment.get('code');
    const error = fragment.get('error');
    if (!code) {
      const known = error && error in OAUTH_ERRORS ? OAUTH_ERRORS[error as keyof typeof OAUTH_ERRORS] : null;
      setStep({ kind: 'failed', message: known ?? OAUTH_ERRORS.state });
      return;
    }
    exchangeOAuthCode(code)
      .then(go)
      .catch((failure: unknown) => {
        const link = linkRequiredIn(failure);
        if (link) setStep({ kind: 'link', link });
        else refuse(failure);
      });
  }, []);

  if (step.kind === 'working') {
    return (
      <AuthCard title="Signing you in">
        <p role="status" className="text-stone-700">
          One moment…
        </p>
      </AuthCard>
    );
  }
  if (step.kind === 'link') return <LinkStep link={step.link} onAnswer={go} onRefused={refuse} />;
  if (step.kind === 'code') {
    return (
      <AuthCard title="Login" subtitle="One more step: two-factor sign-in.">
        <Suspense fallback={<Spinner label="Loading…" />}>
          <TwoFactorStep challenge={step.challenge} onSignedIn={finish} onRestart={refuse} />
        </Suspense>
        <BackToLogIn />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Sign-in did not finish">
      {step.kind === 'suspended' ? (
        <SuspendedPanel suspension={step.suspension} />
      ) : (
        <FormAlert message={step.message} />
      )}
      <div className="flex flex-wrap gap-4 text-sm">
        <Link to={paths.signIn} className="font-semibold text-leather-700 underline">
          Back to Log In
        </Link>
        <Link to={paths.signUp} className="font-semibold text-leather-700 underline">
          Sign up
        </Link>
      </div>
    </AuthCard>
  );
}

/** An account already has the provider's email: its password, or a link to that address, proves it. */
function LinkStep({
  link,
  onAnswer,
  onRefused,
}: {
  link: OAuthLinkRequiredResponse;
  /** Signed in, or the code step next (two-factor sign-in on). */
  onAnswer: (answer: LoginResponse) => void;
  onRefused: (error: unknown) => void;
}) {
  const name = OAUTH_PROVIDER_NAMES[link.provider];
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [alert, setAlert] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState<'password' | 'email' | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setPasswordError('Please enter your password.');
      return;
    }
    setBusy('password');
    setPasswordError(undefined);
    setAlert(null);
    linkOAuthWithPassword(link.link_token, password)
      .then(onAnswer)
      .catch((error: unknown) => {
        setBusy(null);
        if (error instanceof ApiError && error.status === 401 && error.fieldError('password'))
          setPasswordError(error.fieldError('password'));
        else if (error instanceof ApiError && (error.status === 401 || error.status === 403)) onRefused(error);
        else setAlert(messageOf(error));
      });
  };
  const emailLink = () => {
    setBusy('email');
    setAlert(null);
    linkOAuthByEmail(link.link_token)
      .then(({ message }) => setSent(message ?? 'Link sent.'))
      .catch((error: unknown) => setAlert(messageOf(error)))
      .finally(() => setBusy(null));
  };

  return (
    <AuthCard title={`Connect ${name}`} subtitle={link.email}>
      <p className="mb-4 text-sm text-stone-700">{link.message}</p>
      <FormAlert message={alert} />
      {sent ? (
        <p role="status" className="rounded-lg bg-leather-50 px-3 py-2 text-sm text-leather-900">
          {sent}
        </p>
      ) : (
        <>
          {link.has_password && (
            <form noValidate onSubmit={submit} className="flex flex-col gap-4">
              <PasswordField
                label="Password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                error={passwordError}
              />
              <Button type="submit" busy={busy === 'password'} disabled={busy !== null} className="w-full">
                Connect and sign in
              </Button>
            </form>
          )}
          <Button
            type="button"
            variant="secondary"
            busy={busy === 'email'}
            disabled={busy !== null}
            onClick={emailLink}
            className="mt-4 w-full"
          >
            Email me a link instead
          </Button>
        </>
      )}
      <BackToLogIn />
    </AuthCard>
  );
}

function BackToLogIn() {
  return (
    <p className="mt-6 text-center text-sm">
      <Link to={paths.signIn} className="font-semibold text-leather-700 underline">
        Back to Log In
      </Link>
    </p>
  );
}
