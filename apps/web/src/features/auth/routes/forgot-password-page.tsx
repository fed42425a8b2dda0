import { type ForgotPasswordRequest, forgotPasswordRequestSchema, LIMITS, MESSAGES } from '@corral/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../config/paths.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useRequestPasswordReset } from '../api/auth-api.ts';
import { AuthCard, FormAlert } from '../components/auth-card.tsx';

const F = MESSAGES.forgotPassword;

export function ForgotPasswordPage() {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const request = useRequestPasswordReset();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<ForgotPasswordRequest>({
    resolver: zodResolver(forgotPasswordRequestSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = form.handleSubmit(
    (values) => {
      setAlert(null);
      request.mutate(values, {
        onSuccess: () => {
          // Spec: the success toast comes 500 ms later, and the member goes back to sign-in.
          setTimeout(() => toast.success(F.success), LIMITS.resetToastDelayMs);
          navigate(paths.signIn);
        },
        onError: (error) => toast.error(error.message),
      });
    },
    () => setAlert(F.formInvalid),
  );

  return (
    <AuthCard title="Forgot password" subtitle="We will email you a link to choose a new password.">
      <FormAlert message={alert} />
      {/* POST: a press before the script has taken the form over must never put a password in the address. */}
      <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField
          label="Email Address"
          type="email"
          autoComplete="email"
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        <Button type="submit" busy={request.isPending} disabled={!hydrated} className="w-full">
          Reset Password
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to={paths.signIn} className="font-semibold text-leather-700 underline-offset-2 hover:underline">
          Back to Log In
        </Link>
      </p>
    </AuthCard>
  );
}
