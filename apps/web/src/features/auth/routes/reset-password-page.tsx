import { LIMITS, MESSAGES, type ResetPasswordForm, resetPasswordFormSchema } from '@corral/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { PasswordField } from '../../../ui/text-field.tsx';
import { useResetPassword } from '../api/auth-api.ts';
import { AuthCard, FormAlert } from '../components/auth-card.tsx';

/** The page the reset email links to: sets a new password from the emailed token. */
export function ResetPasswordPage() {
  const location = useLocation();
  // The link carries its token in the fragment, which browsers never send to a server (nor to its logs);
  // links mailed before that carried it in the query.
  const token =
    new URLSearchParams(location.hash.slice(1)).get('token') ?? new URLSearchParams(location.search).get('token') ?? '';
  const reset = useResetPassword();
  const form = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirm_password: '' },
  });
  const { errors } = form.formState;

  if (!token) {
    return (
      <AuthCard title="Choose a new password">
        <FormAlert message={MESSAGES.resetPassword.invalidToken} />
        <Link to={paths.forgotPassword} className="font-semibold text-leather-700 underline">
          Ask for a new link
        </Link>
      </AuthCard>
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthCard title="Password changed">
        <p role="status" className="text-stone-700">
          {MESSAGES.resetPassword.success}
        </p>
        <Link
          to={paths.signIn}
          className="mt-6 inline-flex rounded-lg bg-leather-700 px-4 py-2 font-semibold text-white"
        >
          Log In
        </Link>
      </AuthCard>
    );
  }

  const onSubmit = form.handleSubmit(({ password }) => {
    reset.mutate(
      { token, password },
      {
        onError: (error) => {
          const passwordError = error instanceof ApiError ? error.fieldError('password') : undefined;
          if (passwordError) form.setError('password', { message: passwordError });
        },
      },
    );
  });
  const serverError =
    reset.error && !(reset.error instanceof ApiError && reset.error.fieldError('password'))
      ? reset.error.message
      : null;

  return (
    <AuthCard title="Choose a new password" subtitle={`${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters.`}>
      <FormAlert message={serverError} />
      {serverError === MESSAGES.resetPassword.invalidToken && (
        <p className="mb-4 text-sm">
          <Link to={paths.forgotPassword} className="font-semibold text-leather-700 underline">
            Ask for a new link
          </Link>
        </p>
      )}
      {/* POST: a press before the script has taken the form over must never put a password in the address. */}
      <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <PasswordField
          label="New Password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          error={errors.confirm_password?.message}
          {...form.register('confirm_password')}
        />
        <Button type="submit" busy={reset.isPending} className="w-full">
          Set new password
        </Button>
      </form>
    </AuthCard>
  );
}
