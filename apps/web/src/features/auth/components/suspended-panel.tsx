import { MODERATION_MESSAGES, type SuspendedResponse } from '@corral/contract';
import { useId } from 'react';
import { formatTimestamp } from '../../../lib/format.ts';
import { Icon } from '../../../ui/icons.tsx';

/**
 * What a suspended member sees when they sign in with the right password: that the account is suspended, until
 * when, and why (the moderator's reason), in place of the form's error line.
 */
export function SuspendedPanel({ suspension }: { suspension: Pick<SuspendedResponse, 'suspended_until' | 'reason'> }) {
  const titleId = useId();
  return (
    <section
      role="alert"
      aria-labelledby={titleId}
      className="mb-5 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900"
    >
      <h2 id={titleId} className="flex items-center gap-2 font-semibold">
        <Icon name="shield" className="size-5 shrink-0" />
        {MODERATION_MESSAGES.suspendedTitle}
      </h2>
      <p className="mt-2 text-sm">{MODERATION_MESSAGES.suspended(formatTimestamp(suspension.suspended_until))}</p>
      <p className="mt-2 text-sm break-words">
        <span className="font-semibold">Reason: </span>
        {suspension.reason}
      </p>
      <p className="mt-3 text-xs text-stone-700">You can sign in again once the suspension ends.</p>
    </section>
  );
}
