import { type Appeal, MODERATION_MESSAGES, type StandingNotice } from '@corral/contract';
import { clsx } from 'clsx';
import { formatShortDate, formatTimestamp } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';

/** What each kind of notice is called, and what it told the member. */
export const NOTICE_KINDS: Record<StandingNotice['action'], { label: string; text: string; tone: string }> = {
  warn: { label: 'Warning', text: MODERATION_MESSAGES.warned, tone: 'bg-amber-100 text-amber-900' },
  remove: { label: 'Removal', text: MODERATION_MESSAGES.removed, tone: 'bg-leather-100 text-leather-900' },
  suspend: { label: 'Suspension', text: MODERATION_MESSAGES.suspendedNotice, tone: 'bg-red-100 text-red-900' },
};

const APPEAL_STATES: Record<Appeal['status'], string> = {
  open: 'Appeal under review',
  granted: 'Appeal granted: the decision was reversed',
  denied: 'Appeal denied: the decision stands',
};

/** One warning, removal or suspension: what and why, the moderators' note, what it was about, its appeal. */
export function StandingNoticeCard({ notice, onAppeal }: { notice: StandingNotice; onAppeal: () => void }) {
  const kind = NOTICE_KINDS[notice.action];
  const titleId = `notice-${notice.action_id}`;
  return (
    <article aria-labelledby={titleId} className="rounded-2xl bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className={clsx('rounded-full px-2.5 py-0.5 text-xs font-semibold', kind.tone)}>{kind.label}</span>
        <time dateTime={notice.created_at} className="text-xs text-stone-500">
          {formatShortDate(notice.created_at)}
        </time>
      </div>
      <h2 id={titleId} className="mt-2 font-semibold text-leather-900">
        {kind.text}
      </h2>
      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
        <dt className="font-medium text-stone-500">Reason</dt>
        <dd className="break-words text-stone-800">{notice.reason}</dd>
        {notice.note && (
          <>
            <dt className="font-medium text-stone-500">Moderators' note</dt>
            <dd className="break-words whitespace-pre-line text-stone-800">{notice.note}</dd>
          </>
        )}
        {notice.action === 'suspend' && notice.until && (
          <>
            <dt className="font-medium text-stone-500">Suspended until</dt>
            <dd className="text-stone-800">
              <time dateTime={notice.until}>{formatTimestamp(notice.until)}</time>
            </dd>
          </>
        )}
        {notice.excerpt && (
          <>
            <dt className="font-medium text-stone-500">About</dt>
            <dd>
              <blockquote className="line-clamp-4 border-l-4 border-leather-200 pl-3 break-words whitespace-pre-line text-stone-700">
                {notice.excerpt}
              </blockquote>
            </dd>
          </>
        )}
      </dl>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-leather-100 pt-3">
        {notice.appeal ? (
          <p className="text-sm text-stone-700">
            <span className="font-semibold">{APPEAL_STATES[notice.appeal.status]}</span>
            <span className="text-stone-500"> · sent {formatShortDate(notice.appeal.created_at)}</span>
          </p>
        ) : (
          <p className="text-sm text-stone-500">
            {notice.can_appeal ? 'Not appealed' : 'This decision cannot be appealed.'}
          </p>
        )}
        {notice.can_appeal && (
          <Button
            variant="secondary"
            onClick={onAppeal}
            aria-label={`Appeal the ${kind.label.toLowerCase()} of ${formatShortDate(notice.created_at)}`}
          >
            Appeal
          </Button>
        )}
      </div>
    </article>
  );
}
