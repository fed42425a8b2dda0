import { MODERATION_MESSAGES } from '@corral/contract';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useStanding } from '../../../entities/safety/api/standing.ts';
import { formatTimestamp } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { refocus } from '../../../ui/items/refocus.ts';
import { lazyDialog } from '../../../ui/lazy-dialog.tsx';
import { NOTICE_KINDS, StandingNoticeCard } from '../components/standing-notice-card.tsx';

const AppealDialog = lazyDialog(() =>
  import('../../../entities/safety/components/appeal-dialog.tsx').then((module) => module.AppealDialog),
);

/**
 * Your account standing: the warnings, removals and suspensions moderators decided about the member, newest
 * first, with the reason, the note, what it was about and the appeal's state; Appeal while it may be appealed.
 * `?appeal=<action id>` opens that notice's appeal at once (a moderation notification's Appeal).
 */
export function AccountStandingPage() {
  const standing = useStanding();
  const [params, setParams] = useSearchParams();
  const [chosen, setChosen] = useState<number | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  // Asked for by the link (once the notice is known to be open to appeal), or chosen here.
  const linked = standing.data?.notices.find(
    (notice) => notice.action_id === Number(params.get('appeal')) && notice.can_appeal,
  );
  const appealing = chosen ?? linked?.action_id ?? null;

  function openAppeal(actionId: number) {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setChosen(actionId);
  }
  function closeAppeal(open: boolean) {
    if (open) return;
    setChosen(null);
    if (params.has('appeal')) setParams({}, { replace: true });
    refocus(() => opener.current);
  }

  const appealed = standing.data?.notices.find((notice) => notice.action_id === appealing);
  return (
    <div className="flex flex-col gap-4">
      <header className="rounded-2xl bg-white p-4 shadow-sm sm:p-6">
        <h1 className="font-display text-2xl text-leather-900">Account standing</h1>
        <p className="mt-1 text-sm text-stone-600">
          What Corral moderators decided about your account and what you posted. You can appeal each decision once.
        </p>
      </header>
      {standing.isPending ? (
        <div aria-busy="true" className="h-40 animate-pulse rounded-2xl bg-white/70 shadow-sm">
          <span className="sr-only" role="status">
            Loading your account standing…
          </span>
        </div>
      ) : standing.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl bg-white p-4 shadow-sm sm:p-6">
          <p className="text-red-800">{standing.error.message || 'Your standing could not be loaded.'}</p>
          <Button variant="secondary" onClick={() => void standing.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          {standing.data.suspended_until && (
            <p role="status" className="rounded-2xl border border-red-200 bg-red-50 px-4 py-3 text-red-900">
              {MODERATION_MESSAGES.suspended(formatTimestamp(standing.data.suspended_until))}
            </p>
          )}
          {standing.data.notices.length === 0 ? (
            <p className="rounded-2xl bg-white px-4 py-8 text-center text-stone-600 shadow-sm">
              Your account is in good standing: no warnings, removals or suspensions.
            </p>
          ) : (
            standing.data.notices.map((notice) => (
              <StandingNoticeCard
                key={notice.action_id}
                notice={notice}
                onAppeal={() => openAppeal(notice.action_id)}
              />
            ))
          )}
        </>
      )}
      {appealing !== null && (
        <AppealDialog
          actionId={appealing}
          summary={appealed ? `${NOTICE_KINDS[appealed.action].label}: ${appealed.reason}` : undefined}
          open
          onOpenChange={closeAppeal}
        />
      )}
    </div>
  );
}
