import { type ChangeEmailRequest, changeEmailRequestSchema } from '@corral/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client.ts';
import { formatTimestamp } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session-store.ts';
import { Button } from '../../../ui/button.tsx';
import { PasswordField, TextField } from '../../../ui/text-field.tsx';
import { useCancelEmailChange, useChangeEmail, useEmailStatus } from '../api/account-api.ts';
import { useHasPassword } from '../api/sign-in-methods.ts';
import { AccountSection, SectionError } from './account-section.tsx';
import { NeedsPassword } from './needs-password.tsx';

const FIELDS = ['new_email', 'password'] as const;

/**
 * Email: the address in force, a change waiting for its confirmation (with Cancel), and the form that starts
 * one. Nothing changes until the link sent to the new address is opened; until then the member signs in with
 * the current address.
 */
export function EmailSection() {
  const status = useEmailStatus();
  const sessionEmail = useSession((state) => state.currentUser?.email);
  const hasPassword = useHasPassword();
  const change = useChangeEmail();
  const cancel = useCancelEmailChange();
  const pendingRef = useRef<HTMLDivElement>(null);
  const form = useForm<ChangeEmailRequest>({
    resolver: zodResolver(changeEmailRequestSchema),
    defaultValues: { new_email: '', password: '' },
  });
  const { errors } = form.formState;
  const email = status.data?.email ?? sessionEmail;
  const pending = status.data?.pending;

  const onSubmit = form.handleSubmit((body) => {
    change.mutate(body, {
      onSuccess: (answer) => {
        form.reset();
        toast.success(answer.message);
        // The waiting change is what the member looks at next.
        requestAnimationFrame(() => pendingRef.current?.focus());
      },
      onError: (error) => {
        const onField = FIELDS.find((field) => error instanceof ApiError && error.fieldError(field));
        if (onField && error instanceof ApiError) {
          form.setError(onField, { message: error.fieldError(onField) }, { shouldFocus: true });
        } else {
          toast.error(error.message || 'Your email address could not be changed. Please try again.');
        }
      },
    });
  });

  function cancelChange() {
    cancel.mutate(undefined, {
      onSuccess: (answer) => toast.success(answer.message ?? 'The email change has been cancelled.'),
      onError: (error) => toast.error(error.message || 'The change could not be cancelled. Please try again.'),
    });
  }

  return (
    <AccountSection
      id="email"
      title="Email"
      description="You sign in with this address, and we write to it about your account."
    >
      <p className="text-sm text-stone-700">
        Current address: <strong className="break-all font-semibold text-leather-900">{email ?? '…'}</strong>
      </p>
      {status.isError && <SectionError message={status.error.message} onRetry={() => void status.refetch()} />}
      {pending && (
        <div
          ref={pendingRef}
          tabIndex={-1}
          role="status"
          className="mt-3 flex flex-col items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 focus:outline-2 focus:outline-leather-400"
        >
          <p>
            Waiting for confirmation at <strong className="break-all">{pending.new_email}</strong>. Open the link we
            sent there before {formatTimestamp(pending.expires_at)}. Until then, keep signing in with your current
            address.
          </p>
          <Button variant="secondary" busy={cancel.isPending} onClick={cancelChange}>
            Cancel the change
          </Button>
        </div>
      )}
      {hasPassword === false ? (
        <div className="mt-4">
          <NeedsPassword what="Changing your email" />
        </div>
      ) : (
        <form method="post" noValidate onSubmit={onSubmit} className="mt-4 flex max-w-md flex-col gap-4">
          <TextField
            label="New email address"
            type="email"
            autoComplete="email"
            inputMode="email"
            error={errors.new_email?.message}
            {...form.register('new_email')}
          />
          <PasswordField
            label="Your password"
            autoComplete="current-password"
            hint="To make sure it is you."
            error={errors.password?.message}
            {...form.register('password')}
          />
          <Button type="submit" busy={change.isPending} className="self-start">
            Send confirmation link
          </Button>
        </form>
      )}
    </AccountSection>
  );
}
