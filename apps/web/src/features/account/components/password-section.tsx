import { type ChangePasswordForm, changePasswordFormSchema, LIMITS } from '@corral/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { PasswordField } from '../../../ui/text-field.tsx';
import { useChangePassword } from '../api/account-api.ts';
import { useHasPassword } from '../api/sign-in-methods.ts';
import { AccountSection } from './account-section.tsx';
import { SetPasswordByEmail } from './needs-password.tsx';

const FIELDS = ['current_password', 'new_password'] as const;

/**
 * Password: the current one, the new one twice, by sign-up's rules (8 to 12 characters, checked here as the
 * member types them; the server alone knows the common-password list). Every other device is signed out. A
 * member with no password (Google or Apple only) is offered an emailed link that sets one.
 */
export function PasswordSection() {
  const hasPassword = useHasPassword();
  const change = useChangePassword();
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ current_password, new_password }) => {
    change.mutate(
      { current_password, new_password },
      {
        onSuccess: (answer) => {
          form.reset();
          toast.success(answer.message);
        },
        onError: (error) => {
          const onField = FIELDS.find((field) => error instanceof ApiError && error.fieldError(field));
          if (onField && error instanceof ApiError) {
            form.setError(onField, { message: error.fieldError(onField) }, { shouldFocus: true });
          } else {
            toast.error(error.message || 'Your password could not be changed. Please try again.');
          }
        },
      },
    );
  });

  if (hasPassword === false) {
    return (
      <AccountSection id="password" title="Password">
        <SetPasswordByEmail />
      </AccountSection>
    );
  }
  return (
    <AccountSection
      id="password"
      title="Password"
      description={`${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters. Changing it signs out your other devices.`}
    >
      <form method="post" noValidate onSubmit={onSubmit} className="flex max-w-md flex-col gap-4">
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          error={errors.current_password?.message}
          {...form.register('current_password')}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          error={errors.new_password?.message}
          {...form.register('new_password')}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          error={errors.confirm_password?.message}
          {...form.register('confirm_password')}
        />
        <Button type="submit" busy={change.isPending} className="self-start">
          Change password
        </Button>
      </form>
    </AccountSection>
  );
}
