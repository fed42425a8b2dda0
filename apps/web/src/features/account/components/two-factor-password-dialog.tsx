import { TWO_FACTOR_MESSAGES as M } from '@corral/contract';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { PasswordField } from '../../../ui/text-field.tsx';
import { useDisableTwoFactor, useRegenerateRecoveryCodes } from '../api/two-factor-api.ts';
import { RecoveryCodes } from './recovery-codes.tsx';

export interface TwoFactorPasswordDialogProps {
  /** Turn two-factor sign-in off, or make new recovery codes: both ask for the password. */
  action: 'disable' | 'regenerate' | null;
  onClose(): void;
}

const TITLES = { disable: 'Turn off two-factor sign-in', regenerate: 'New recovery codes' } as const;

/** Turning two-factor sign-in off or making new recovery codes, after the password. */
export function TwoFactorPasswordDialog({ action, onClose }: TwoFactorPasswordDialogProps) {
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState(action);
  if (action && action !== shown) setShown(action);
  const codes = regenerate.data?.recovery_codes;

  const close = () => {
    onClose();
    disable.reset();
    regenerate.reset();
    setPassword('');
    setError(null);
  };
  const failed = (failure: Error) =>
    setError(failure instanceof ApiError ? (failure.errors?.password?.[0] ?? failure.message) : failure.message);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(M.passwordRequired);
    setError(null);
    if (shown === 'disable') {
      disable.mutate(
        { password },
        {
          onSuccess: () => {
            toast.success(M.disabled);
            close();
          },
          onError: failed,
        },
      );
    } else {
      regenerate.mutate({ password }, { onSuccess: () => toast.success(M.codesRegenerated), onError: failed });
    }
  };

  return (
    <Modal open={action !== null} onOpenChange={(open) => !open && close()} title={TITLES[shown ?? 'disable']}>
      {codes ? (
        <div className="flex flex-col gap-4">
          <RecoveryCodes codes={codes} />
          <Button onClick={close}>Done</Button>
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <p className="text-sm text-stone-700">
            {shown === 'disable'
              ? 'Signing in will ask for your password only. Confirm your password to turn two-factor sign-in off.'
              : 'Your current recovery codes will stop working. Confirm your password to make ten new ones.'}
          </p>
          <PasswordField
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={error ?? undefined}
          />
          <Button
            type="submit"
            variant={shown === 'disable' ? 'danger' : 'primary'}
            busy={disable.isPending || regenerate.isPending}
          >
            {shown === 'disable' ? 'Turn off' : 'Make new codes'}
          </Button>
        </form>
      )}
    </Modal>
  );
}
