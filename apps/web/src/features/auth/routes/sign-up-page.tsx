import { LIMITS, MESSAGES, type SignUpForm, signUpFormSchema, splitFullName } from '@corral/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { clearDraft, GUEST, readDraft } from '../../../lib/drafts.ts';
import { returnPathIn, withReturnPath } from '../../../lib/return-to.ts';
import { useKeepFormDraft } from '../../../lib/use-draft.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { Button } from '../../../ui/button.tsx';
import { PasswordField, TextField } from '../../../ui/text-field.tsx';
import { useSignUp } from '../api/auth-api.ts';
import { AppBadges } from '../components/app-badges.tsx';
import { AuthCard, FormAlert } from '../components/auth-card.tsx';
import { SocialSignInButtons } from '../components/social-sign-in-buttons.tsx';

const S = MESSAGES.signUp;

/** Sign-up's draft: the name and the address only, never a password; for this tab (ADR 023). */
const DRAFT = { member: GUEST, form: 'sign-up' } as const;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function SignUpPage() {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  // A member page opened before signing up: sign-in takes it on, and lands there once the member is set up.
  // The link below takes it on once hydrated: the prerendered HTML has no query to match.
  const next = returnPathIn(useLocation().search);
  const signUp = useSignUp();
  const [alert, setAlert] = useState<string | null>(null);
  const [registered, setRegistered] = useState(false);
  const form = useForm<SignUpForm>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: { full_name: '', email: '', password: '', confirm_password: '' },
  });
  const { errors } = form.formState;
  // The page is prerendered empty; what was typed before a reload comes back once it is in the browser.
  useEffect(() => {
    const kept = readDraft(DRAFT) as { full_name?: unknown; email?: unknown } | undefined;
    if (kept)
      form.reset({ full_name: text(kept.full_name), email: text(kept.email), password: '', confirm_password: '' });
  }, [form]);
  useKeepFormDraft(form.watch, DRAFT, ({ full_name = '', email = '' }) =>
    full_name.trim() || email.trim() ? { full_name, email } : undefined,
  );

  const onValid = form.handleSubmit(
    (values) => {
      setAlert(null);
      const { first_name, last_name } = splitFullName(values.full_name);
      signUp.mutate(
        { first_name, last_name, email: values.email, password: values.password },
        {
          onSuccess: () => {
            // The account exists; the member signs in on the next screen (spec: after 3 seconds).
            void clearDraft(DRAFT);
            setRegistered(true);
            toast.success(S.success);
            setTimeout(() => navigate(withReturnPath(paths.signIn, next)), LIMITS.redirectDelayMs);
          },
          onError: (error) => {
            const message = error instanceof ApiError ? error.message : S.failedFallback;
            if (error instanceof ApiError) {
              for (const field of ['email', 'password'] as const) {
                const fieldError = error.fieldError(field);
                if (fieldError) form.setError(field, { message: fieldError });
              }
              const nameError = error.fieldError('first_name') ?? error.fieldError('last_name');
              if (nameError) form.setError('full_name', { message: nameError });
            }
            setAlert(`${S.failedPrefix}${message || S.failedFallback}`);
          },
        },
      );
    },
    () => setAlert(S.formInvalid),
  );

  return (
    <AuthCard title="Sign-up" subtitle="Join the rodeo and western community.">
      <FormAlert message={alert} />
      {/* POST: a press before the script has taken the form over must never put a password in the address. */}
      <form method="post" noValidate onSubmit={onValid} className="flex flex-col gap-4">
        <TextField
          label="Full Name"
          autoComplete="name"
          error={errors.full_name?.message}
          {...form.register('full_name')}
        />
        <TextField
          label="Email Address"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          hint={`${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters.`}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          error={errors.confirm_password?.message}
          {...form.register('confirm_password')}
        />
        <Button type="submit" busy={signUp.isPending} disabled={registered || !hydrated} className="mt-2 w-full">
          Register
        </Button>
      </form>
      <SocialSignInButtons label="Or Sign up with" next={hydrated ? next : null} />
      <p className="mt-6 text-center text-sm text-stone-600">
        Already have an account?{' '}
        <Link
          to={withReturnPath(paths.signIn, hydrated ? next : null)}
          className="font-semibold text-leather-700 underline-offset-2 hover:underline"
        >
          Log In
        </Link>
      </p>
      <div className="mt-6 border-t border-leather-100 pt-6">
        <AppBadges />
      </div>
    </AuthCard>
  );
}
