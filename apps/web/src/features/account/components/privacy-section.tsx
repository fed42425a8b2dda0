import { clsx } from 'clsx';
import { useId } from 'react';
import { AccountSection } from './account-section.tsx';

export interface PrivacySwitchProps {
  /** Undefined while the member's setting loads. */
  isPrivate: boolean | undefined;
  isPending: boolean;
  onChange(next: boolean): void;
}

/**
 * Privacy: the account privacy switch. The setting and its change belong to the profile feature; the app
 * hands them in (app/routes/account-route.tsx), as the account menu does.
 */
export function PrivacySection({ isPrivate, isPending, onChange }: PrivacySwitchProps) {
  const labelId = useId();
  const known = isPrivate !== undefined;
  return (
    <AccountSection
      id="privacy"
      title="Privacy"
      description="A private account shows members who are not your friends only your name and photo."
    >
      <div className="flex items-center justify-between gap-4">
        <span id={labelId} className="font-semibold text-leather-900">
          Private account
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={isPrivate ?? false}
          aria-labelledby={labelId}
          disabled={!known || isPending}
          onClick={() => onChange(!isPrivate)}
          className={clsx(
            'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-leather-400 disabled:opacity-60',
            isPrivate ? 'bg-leather-700' : 'bg-stone-300',
          )}
        >
          <span
            aria-hidden="true"
            className={clsx(
              'inline-block size-5 rounded-full bg-white shadow transition-transform',
              isPrivate ? 'translate-x-6' : 'translate-x-1',
            )}
          />
        </button>
      </div>
      <p className="mt-2 text-sm text-stone-600">{known ? (isPrivate ? 'Private' : 'Public') : 'Loading…'}</p>
    </AccountSection>
  );
}
