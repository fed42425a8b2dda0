import type { AuditEntry } from '@corral/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatShortDate, formatTimestamp } from '../../../lib/format.ts';
import { AUDIT_LABELS, TARGET_NOUNS } from './action-words.ts';
import { Badge, type BadgeTone } from './badge.tsx';
import { ROLE_LABELS } from './subject-history.tsx';

const TONES: Partial<Record<AuditEntry['action'], BadgeTone>> = {
  remove: 'danger',
  suspend: 'danger',
  ban: 'danger',
  warn: 'warning',
  hold: 'warning',
  grant_role: 'brand',
};

/** What an entry was about: the post or event (a link), the comment, or the member. */
function target(entry: AuditEntry) {
  if (entry.target_type === 'post') return <Link to={paths.postDetail(entry.target_id)}>Post {entry.target_id}</Link>;
  if (entry.target_type === 'event') return <Link to={paths.event(entry.target_id)}>Event {entry.target_id}</Link>;
  if (entry.target_type === 'user')
    return <Link to={paths.userProfile(entry.target_id)}>The profile of {entry.subject.name}</Link>;
  return `${TARGET_NOUNS[entry.target_type].replace(/^./, (l) => l.toUpperCase())} ${entry.target_id}`;
}

/** One line of the audit log: when, who, what, about whom and what, why, and the note, end date or role. */
export function AuditEntryCard({ entry }: { entry: AuditEntry }) {
  return (
    <article className="rounded-2xl bg-white p-4 shadow-sm">
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Badge tone={TONES[entry.action] ?? 'neutral'}>{AUDIT_LABELS[entry.action]}</Badge>
        <h2 className="text-sm font-semibold text-leather-900 [overflow-wrap:anywhere]">
          {entry.subject.name}
          {entry.role && ` → ${ROLE_LABELS[entry.role]}`}
          {entry.until && ` until ${formatShortDate(entry.until)}`}
        </h2>
        <time dateTime={entry.created_at} className="text-xs text-stone-500 sm:ml-auto">
          {formatTimestamp(entry.created_at)}
        </time>
      </header>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm [overflow-wrap:anywhere]">
        <dt className="text-stone-600">By</dt>
        <dd className="text-stone-900">{entry.actor.name}</dd>
        <dt className="text-stone-600">About</dt>
        <dd className="text-stone-900 [&_a]:text-leather-800 [&_a]:hover:underline">
          {target(entry)}
          {entry.case_id !== null && <span className="text-stone-500"> · case {entry.case_id}</span>}
        </dd>
        <dt className="text-stone-600">Reason</dt>
        <dd className="whitespace-pre-line text-stone-900">{entry.reason}</dd>
        {entry.note && (
          <>
            <dt className="text-stone-600">Note</dt>
            <dd className="whitespace-pre-line text-stone-900">{entry.note}</dd>
          </>
        )}
      </dl>
    </article>
  );
}
