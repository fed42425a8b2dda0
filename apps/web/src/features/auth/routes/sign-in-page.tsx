import { type CurrentUser, LIMITS, type LoginForm, MESSAGES, type SuspendedResponse } from '@corral/contract';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { lazyResolver } from '../../../lib/lazy-resolver.ts';
import { destinationFor, returnPathIn, withReturnPath } from '../../../lib/return-to.ts';
import { STORAGE_KEYS, useSession } from '../../../lib/session-store.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { Button } from '../../../ui/button.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { PasswordField, TextField } from '../../../ui/text-field.tsx';
import { useLogIn } from '../api/auth-api.ts';
import { AuthCard, FormAlert } from '../components/auth-card.tsx';
import { SocialSignInButtons } from '../components/social-sign-in-buttons.tsx';

const L = MESSAGES.login;

// The code step of two-factor sign-in, fetched only when a login answers that it is needed (ADR 034).
const TwoFactorStep = lazy(() =>
  import('../components/two-factor-step.tsx').then((module) => ({ default: module.TwoFactorStep })),
);

// What a suspended member's right password shows, fetched only when a login answers it (the moderation texts
// stay off the page's first load).
const SuspendedPanel = lazy(() =>
  import('../components/suspended-panel.tsx').then((module) => ({ default: module.SuspendedPanel })),
);

// zod and the contract's schemas are not part of the page's first load (ADR 018): they come once the form is
// reached, and the form waits for them at its first check.
const loginResolver = lazyResolver<LoginForm>(() =>
  import('../components/login-form-resolver.ts').then((module) => module.loginFormResolver),
);

/**
 * A suspended member's refusal (403, `code: 'suspended'`, the date and the reason: the contract's
 * suspendedResponseSchema), checked by hand: the schema's module would add the moderation schemas to the
 * sign-in page's first load.
 */
function suspensionIn(error: unknown): SuspendedResponse | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  const body = (error.body ?? {}) as Partial<Record<keyof SuspendedResponse, unknown>>;
  if (body.code !== 'suspended' || typeof body.suspended_until !== 'string' || typeof body.reason !== 'string')
    return null;
  const status = body.appeal_status;
  return {
    message: error.message,
    code: 'suspended',
    suspended_until: body.suspended_until,
    reason: body.reason,
    appeal_token: typeof body.appeal_token === 'string' ? body.appeal_token : null,
    appeal_status: status === 'open' || status === 'granted' || status === 'denied' ? status : null,
  };
}

export function SignInPage() {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  // The member page the guards sent the member here from, if any: where they land once signed in and set up.
  // The Sign up link takes it on once hydrated: the prerendered HTML has no query to match.
  const next = returnPathIn(useLocation().search);
  const logIn = useLogIn();
  const [alert, setAlert] = useState<string | null>(null);
  // A suspended account (403 with the date and reason): a panel that says why, not an error line.
  const [suspension, setSuspension] = useState<SuspendedResponse | null>(null);
  const [signedIn, setSignedIn] = useState(false);
  // Two-factor sign-in on: the password was right, and the challenge waits for a code.
  const [secondStep, setSecondStep] = useState<{ email: string; challenge: string } | null>(null);
  // One login at a time: a second press while the first is validated or sent (before the button shows it is
  // busy) sends nothing.
  const sending = useRef(false);
  const form = useForm<LoginForm>({
    resolver: loginResolver,
    defaultValues: { email: '', password: '', remember: false },
  });
  const { errors } = form.formState;
  // The page is prerendered empty; the remembered address is filled in once it is in the browser.
  useEffect(() => {
    const remembered = localStorage.getItem(STORAGE_KEYS.rememberedEmail);
    if (remembered) form.reset({ email: remembered, password: '', remember: true });
  }, [form]);

  const finish = (user: CurrentUser) => {
    // The member is kept on this screen for 3 seconds (spec), then sent to the next setup step or the page.
    setSignedIn(true);
    toast.success(L.success);
    // Drafts an expired session left behind are kept for their own member only (ADR 023).
    void import('../../../lib/drafts.ts')
      .then(({ clearOtherMembersDrafts }) => clearOtherMembersDrafts(user.id))
      .catch((error: unknown) => console.warn('Could not remove the drafts', error));
    setTimeout(() => {
      useSession.getState().setUser(user);
      navigate(destinationFor(user, next), { replace: true });
    }, LIMITS.redirectDelayMs);
  };

  const onSubmit = form.handleSubmit(
    ({ email, password, remember }) => {
      if (sending.current) return;
      sending.current = true;
      setAlert(null);
      setSuspension(null);
      if (remember) localStorage.setItem(STORAGE_KEYS.rememberedEmail, email);
      else localStorage.removeItem(STORAGE_KEYS.rememberedEmail);
      logIn.mutate(
        { email, password },
        {
          onSuccess: (answer) => {
            if ('two_factor_required' in answer) {
              sending.current = false;
              setSecondStep({ email, challenge: answer.challenge });
              return;
            }
            finish(answer.user);
          },
          onError: (error) => {
            sending.current = false;
            const suspended = suspensionIn(error);
            if (suspended) {
              setSuspension(suspended);
              return;
            }
            const message = error instanceof ApiError ? error.message : error.message;
            setAlert(message || L.unknown);
            if (error instanceof ApiError && error.isNetworkError) toast.error(L.network);
            else if (message === L.invalidCredential) toast.error(L.invalidCredential);
          },
        },
      );
    },
    () => setAlert(L.formInvalid),
  );

  // The code step ended without a sign-in (expired, too many wrong codes, suspended): the password form again.
  const restart = (error: unknown) => {
    setSecondStep(null);
    form.setValue('password', '');
    const suspended = suspensionIn(error);
    if (suspended) setSuspension(suspended);
    else setAlert(error instanceof Error && error.message ? error.message : L.unknown);
  };

  const busy = logIn.isPending || signedIn;
  if (secondStep) {
    return (
      <AuthCard title="Login" subtitle="One more step: two-factor sign-in.">
        <Suspense fallback={<Spinner label="Loading…" />}>
          <TwoFactorStep challenge={secondStep.challenge} onSignedIn={finish} onRestart={restart} />
        </Suspense>
        <p className="mt-6 text-center text-sm text-stone-600">
          <button
            type="button"
            onClick={() => setSecondStep(null)}
            className="font-semibold text-leather-700 underline-offset-2 hover:underline"
          >
            Back to login
          </button>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Login" subtitle="Welcome back to the arena.">
      {suspension && (
        <Suspense fallback={<Spinner label="Loading…" />}>
          <SuspendedPanel suspension={suspension} />
        </Suspense>
      )}
      <FormAlert message={alert} />
      {/* POST: a press before the script has taken the form over must never put a password in the address. */}
      <form
        method="post"
        noValidate
        onSubmit={onSubmit}
        onPointerEnter={loginResolver.preload}
        onFocus={loginResolver.preload}
        className="flex flex-col gap-4"
      >
        <TextField
          label="Email Address"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <div className="flex items-center justify-between gap-2 text-sm">
          <label className="inline-flex items-center gap-2 text-stone-700">
            <input type="checkbox" className="size-4 accent-leather-700" {...form.register('remember')} />
            Remember me
          </label>
          <Link to={paths.forgotPassword} className="font-semibold text-leather-700 underline-offset-2 hover:underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" disabled={busy || !hydrated} className="mt-2 w-full">
          {busy ? L.busy : 'Log In'}
        </Button>
      </form>
      <SocialSignInButtons label="Or continue with" next={hydrated ? next : null} />
      <p className="mt-6 text-center text-sm text-stone-600">
        New to Corral?{' '}
        <Link
          to={withReturnPath(paths.signUp, hydrated ? next : null)}
          className="font-semibold text-leather-700 underline-offset-2 hover:underline"
        >
          Sign up
        </Link>
      </p>
    </AuthCard>
  );
}
