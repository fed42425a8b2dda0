import type { Appeal } from '@corral/contract';
import { useId } from 'react';
import { formatTimestamp } from '../../../lib/format.ts';
import { AUDIT_LABELS } from './action-words.ts';

const DENIED_OTHERWISE = 'Keep the decision, or any other, denies it.';

/** Which decision grants an appeal (the server's `appealOutcome`), said where the moderator decides. */
const GRANTED_BY: Partial<Record<Appeal['action'], string>> = {
  warn: `Dismiss withdraws the warning and grants the appeal. ${DENIED_OTHERWISE}`,
  remove: `Restore grants the appeal. ${DENIED_OTHERWISE}`,
  suspend: `Lift suspension grants the appeal. ${DENIED_OTHERWISE}`,
};

/** The appeal that reopened the case: what the member wrote, and the decision they appeal. Set apart, first. */
export function AppealNotice({ appeal }: { appeal: Appeal }) {
  const headingId = useId();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled part of a case card, not a form (fieldset); a named section would be a landmark repeated on every card
    <div role="group" aria-labelledby={headingId} className="rounded-xl border-2 border-amber-400 bg-amber-50 p-3">
      <h3 id={headingId} className="text-sm font-semibold text-amber-950">
        Appeal of “{AUDIT_LABELS[appeal.action]}”
      </h3>
      <p className="mt-1 whitespace-pre-line text-stone-900 [overflow-wrap:anywhere]">{appeal.text}</p>
      <p className="mt-1 text-xs text-stone-600">
        Appealed <time dateTime={appeal.created_at}>{formatTimestamp(appeal.created_at)}</time>
      </p>
      <p className="mt-2 text-sm text-amber-950">{GRANTED_BY[appeal.action] ?? DENIED_OTHERWISE}</p>
    </div>
  );
}
