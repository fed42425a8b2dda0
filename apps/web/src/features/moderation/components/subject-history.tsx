import type { ModerationCase, Role } from '@corral/contract';
import { useId } from 'react';
import { formatShortDate } from '../../../lib/format.ts';
import { AUDIT_LABELS, fullName } from './action-words.ts';
import { Badge, type BadgeTone } from './badge.tsx';

export const ROLE_LABELS: Record<Role, string> = { member: 'Member', moderator: 'Moderator', admin: 'Admin' };
export const ROLE_TONES: Record<Role, BadgeTone> = { member: 'neutral', moderator: 'brand', admin: 'warning' };

/** Whether a suspension is still running. */
export const isSuspended = (until: string | null, now = Date.now()) => until !== null && Date.parse(until) > now;

/** The author's (or reported member's) record: reports against them, how many were upheld, what was done. */
export function SubjectHistory({ subject }: { subject: ModerationCase['subject'] }) {
  const headingId = useId();
  const { member } = subject;
  const suspended = isSuspended(member.suspended_until);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled part of a case card, not a form (fieldset); a named section would be a landmark repeated on every card
    <div role="group" aria-labelledby={headingId} className="rounded-xl bg-stone-50 p-3">
      <h3 id={headingId} className="flex flex-wrap items-center gap-2 text-sm font-semibold text-leather-900">
        History of {fullName(member) || 'this member'}
        <Badge tone={ROLE_TONES[member.role]}>{ROLE_LABELS[member.role]}</Badge>
        {suspended && <Badge tone="danger">Suspended until {formatShortDate(member.suspended_until)}</Badge>}
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-stone-600">Joined</dt>
        <dd className="text-stone-900">{formatShortDate(member.joined_at)}</dd>
        <dt className="text-stone-600">Reports against</dt>
        <dd className="text-stone-900">
          {subject.reports_against}, {subject.upheld} upheld
        </dd>
      </dl>
      {subject.actions.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">No action taken about them so far.</p>
      ) : (
        <>
          <p className="mt-2 text-sm text-stone-600">Latest actions</p>
          <ul className="mt-1 flex flex-col gap-1 text-sm">
            {subject.actions.map((entry) => (
              <li key={entry.id} className="[overflow-wrap:anywhere]">
                <span className="font-semibold text-stone-900">{AUDIT_LABELS[entry.action]}</span>
                {entry.until && ` until ${formatShortDate(entry.until)}`}{' '}
                <time dateTime={entry.created_at} className="text-stone-500">
                  {formatShortDate(entry.created_at)}
                </time>
                {entry.reason && <span className="text-stone-700">: {entry.reason}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
