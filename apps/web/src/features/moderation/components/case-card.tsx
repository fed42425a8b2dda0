import { MODERATION_MESSAGES, type ModerationAction, type ModerationCase } from '@corral/contract';
import { useId } from 'react';
import { formatTimeAgo, formatTimestamp } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session-store.ts';
import { Button } from '../../../ui/button.tsx';
import { ACTION_LABELS, AUDIT_LABELS, fullName, SEVERE, TARGET_NOUNS } from './action-words.ts';
import { AppealNotice } from './appeal-notice.tsx';
import { Badge } from './badge.tsx';
import { CaseItemView, ItemStateBadges } from './case-item.tsx';
import { CaseReports, formatWeight } from './case-reports.tsx';
import { SubjectHistory } from './subject-history.tsx';

/** The case's heading: 'Post by Cody Braddock', 'Member Cody Braddock'. */
export function caseHeading(c: ModerationCase): string {
  const name = fullName(c.item.author) || 'a member';
  return c.target_type === 'user'
    ? `Member ${name}`
    : `${TARGET_NOUNS[c.target_type].replace(/^./, (l) => l.toUpperCase())} by ${name}`;
}

/**
 * One case of the queue: the reported thing as members saw it and how it stands, its reporters and their
 * weight, every report, the author's history, an open appeal, and a button for each action the server allows.
 */
export function CaseCard({
  c,
  onAct,
}: {
  c: ModerationCase;
  onAct: (c: ModerationCase, action: ModerationAction) => void;
}) {
  const headingId = useId();
  const viewerId = useSession((state) => state.currentUser?.id);
  return (
    <article
      aria-labelledby={headingId}
      data-case-id={c.id}
      tabIndex={-1}
      className="flex min-w-0 scroll-mt-20 flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm outline-leather-400 focus-visible:outline-2 sm:p-5"
    >
      <header className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={headingId} className="min-w-0 font-semibold text-leather-900 [overflow-wrap:anywhere]">
            {caseHeading(c)}
          </h2>
          <ItemStateBadges item={c.item} />
          {c.held && c.item.state !== 'held' && <Badge tone="warning">Held</Badge>}
          {c.status === 'resolved' && c.resolution && <Badge tone="neutral">{AUDIT_LABELS[c.resolution]}</Badge>}
        </div>
        <p className="text-sm text-stone-600">
          <strong className="font-semibold text-stone-900">
            {c.reporters} {c.reporters === 1 ? 'reporter' : 'reporters'}
          </strong>
          {' · '}weight {formatWeight(c.weight)}
          {' · '}first reported{' '}
          <time dateTime={c.first_reported_at} title={formatTimestamp(c.first_reported_at)}>
            {formatTimeAgo(c.first_reported_at)}
          </time>
          {c.resolved_at && (
            <>
              {' · '}resolved <time dateTime={c.resolved_at}>{formatTimestamp(c.resolved_at)}</time>
            </>
          )}
        </p>
      </header>
      {c.appeal && <AppealNotice appeal={c.appeal} />}
      <CaseItemView item={c.item} />
      <CaseReports reports={c.reports} />
      <SubjectHistory subject={c.subject} />
      {c.status === 'open' && c.available_actions.length === 0 && (
        <p className="border-t border-leather-100 pt-3 text-sm text-stone-600">
          {c.subject.member.id === viewerId
            ? MODERATION_MESSAGES.cannotActOnOwnCase
            : 'No action applies to this case now.'}
        </p>
      )}
      {c.available_actions.length > 0 && (
        <fieldset className="border-t border-leather-100 pt-3">
          <legend className="sr-only">Actions on {caseHeading(c)}</legend>
          <div className="flex flex-wrap gap-2">
            {c.available_actions.map((action) => (
              <Button
                key={action}
                variant={action === 'ban' ? 'danger' : SEVERE.has(action) ? 'primary' : 'secondary'}
                onClick={() => onAct(c, action)}
              >
                {ACTION_LABELS[action]}
              </Button>
            ))}
          </div>
        </fieldset>
      )}
    </article>
  );
}
