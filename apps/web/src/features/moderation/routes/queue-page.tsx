import type { ModerationAction, ModerationCase } from '@corral/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { lazyDialog } from '../../../ui/lazy-dialog.tsx';
import type { QueueStatus } from '../api/queue.ts';
import { queueQuery } from '../api/queue.ts';
import type { ActionTarget } from '../components/action-dialog.tsx';
import { actionDone } from '../components/action-words.ts';
import { CaseList } from '../components/case-list.tsx';
import { ModerationNav } from '../components/moderation-nav.tsx';

const ActionDialog = lazyDialog(() => import('../components/action-dialog.tsx').then((module) => module.ActionDialog), {
  isOpen: (props) => props.target !== null,
  close: (props) => props.onClose(),
});

const TABS: { value: QueueStatus; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
];

/** Where the focus goes once a decided case has left the Open tab: the next case, else the tab's panel. */
type FocusAfter = { caseId: number | null } | null;

/**
 * The moderation queue (staff only): Open and Resolved tabs (the tab in the address, `?status=resolved`), one
 * card per case, and the action dialog. A decided case leaves the Open tab at once, a toast says what was done,
 * and the focus moves on to the next case.
 */
export function QueuePage() {
  const [params, setParams] = useSearchParams();
  const status: QueueStatus = params.get('status') === 'resolved' ? 'resolved' : 'open';
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<(ActionTarget & { neighbour: number | null }) | null>(null);
  const [focusAfter, setFocusAfter] = useState<FocusAfter>(null);

  function openAction(c: ModerationCase, action: ModerationAction) {
    // The case that will take this one's place in the Open tab, read before the decision takes it out.
    const ids =
      queryClient.getQueryData(queueQuery('open').queryKey)?.pages.flatMap((page) => page.data.map((x) => x.id)) ?? [];
    const at = ids.indexOf(c.id);
    const neighbour = at === -1 ? null : (ids[at + 1] ?? ids[at - 1] ?? null);
    setTarget({ c, action, neighbour });
  }

  function done(decided: ActionTarget, until: string | undefined) {
    toast.success(actionDone(decided.action, decided.c, until));
    if (decided.c.status === 'open') setFocusAfter({ caseId: target?.neighbour ?? null });
    setTarget(null);
  }

  // Once the dialog has closed (and let go of the focus), the focus goes on to the next case.
  useEffect(() => {
    if (target || !focusAfter) return;
    const next =
      focusAfter.caseId === null ? null : document.querySelector<HTMLElement>(`[data-case-id="${focusAfter.caseId}"]`);
    (next ?? document.querySelector<HTMLElement>('[data-panel="open"]'))?.focus();
    setFocusAfter(null);
  }, [target, focusAfter]);

  return (
    <section aria-labelledby="moderation-heading" className="flex min-w-0 flex-col gap-4">
      <ModerationNav />
      <h1 id="moderation-heading" className="font-display text-2xl text-leather-900">
        Moderation queue
      </h1>
      <Tabs.Root
        value={status}
        onValueChange={(value) => setParams(value === 'resolved' ? { status: 'resolved' } : {}, { replace: true })}
        className="flex flex-col gap-4"
      >
        <Tabs.List aria-label="Cases" className="flex gap-2">
          {TABS.map((tab) => (
            <Tabs.Trigger
              key={tab.value}
              value={tab.value}
              className="min-h-10 rounded-full px-4 py-1.5 text-sm font-semibold text-stone-700 hover:bg-leather-100 data-[state=active]:bg-leather-700 data-[state=active]:text-white"
            >
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((tab) => (
          <Tabs.Content
            key={tab.value}
            value={tab.value}
            data-panel={tab.value}
            className="rounded-2xl outline-leather-400 focus-visible:outline-2 focus-visible:outline-offset-2"
          >
            <CaseList status={tab.value} onAct={openAction} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
      <ActionDialog target={target} onClose={() => setTarget(null)} onDone={done} />
    </section>
  );
}
