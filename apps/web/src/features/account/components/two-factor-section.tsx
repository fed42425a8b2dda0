import { useState } from 'react';
import { formatTimestamp } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { lazyDialog } from '../../../ui/lazy-dialog.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useHasPassword } from '../api/sign-in-methods.ts';
import { useTwoFactorStatus } from '../api/two-factor-api.ts';
import { NeedsPassword } from './needs-password.tsx';

// Loaded when first opened (the QR code's library with the setup): no page's first load carries them.
const TwoFactorSetupDialog = lazyDialog(() =>
  import('./two-factor-setup-dialog.tsx').then((module) => module.TwoFactorSetupDialog),
);
const TwoFactorPasswordDialog = lazyDialog(
  () => import('./two-factor-password-dialog.tsx').then((module) => module.TwoFactorPasswordDialog),
  { isOpen: (props) => props.action !== null, close: (props) => props.onClose() },
);

/**
 * The Account page's two-factor sign-in (ADR 034): whether it is on, and turning it on (password, QR code, a code,
 * recovery codes), off (password), or making new recovery codes (password).
 */
export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const hasPassword = useHasPassword();
  const [setupOpen, setSetupOpen] = useState(false);
  const [action, setAction] = useState<'disable' | 'regenerate' | null>(null);
  const on = status.data?.enabled === true;

  return (
    <section
      aria-labelledby="two-factor-heading"
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="two-factor-heading" className="font-display text-xl text-leather-900">
        Two-factor sign-in
      </h2>
      <p className="text-sm text-stone-700">
        Ask for a code from an authenticator app (such as Google Authenticator, 1Password or Authy) after your password.
      </p>
      {status.isPending ? (
        <Spinner label="Loading…" />
      ) : status.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {status.error.message}
        </p>
      ) : on ? (
        <>
          <p className="text-sm text-stone-900">
            <strong>On</strong>
            {status.data.enabled_at && ` since ${formatTimestamp(status.data.enabled_at)}`}.{' '}
            {status.data.recovery_codes_left} of 10 recovery codes left.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              onClick={() => setAction('regenerate')}
              onPointerEnter={TwoFactorPasswordDialog.preload}
            >
              New recovery codes
            </Button>
            <Button
              variant="danger"
              onClick={() => setAction('disable')}
              onPointerEnter={TwoFactorPasswordDialog.preload}
            >
              Turn off
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="text-sm text-stone-900">
            <strong>Off</strong>
          </p>
          {hasPassword === false ? (
            <NeedsPassword what="Turning it on" />
          ) : (
            <div>
              <Button onClick={() => setSetupOpen(true)} onPointerEnter={TwoFactorSetupDialog.preload}>
                Turn on
              </Button>
            </div>
          )}
        </>
      )}
      <TwoFactorSetupDialog open={setupOpen} onOpenChange={setSetupOpen} />
      <TwoFactorPasswordDialog action={action} onClose={() => setAction(null)} />
    </section>
  );
}
