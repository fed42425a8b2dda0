import type { Notification, NotificationFilter } from '@corral/contract';
import { Popover, Tabs } from 'radix-ui';
import { useCallback, useId, useRef, useState } from 'react';
import { Icon } from '../../../ui/icons.tsx';
import { useMarkShownRead, useUnreadCount } from '../api/notifications-api.ts';
import { badgeText, bellLabel } from './badge.ts';
import { NotificationList } from './notification-list.tsx';
import { batches, takeNewlyShownUnread } from './shown-read.ts';

const TABS: { value: NotificationFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
];

/**
 * The notification bell (spec "Social area"): a badge with the unread count; the dropdown has tabs All and
 * Unread, five a page with Previous, 'Page X of Y' and Next. It opens on All, page 1; a tab change goes
 * back to page 1. Escape, an outside click or the close button closes it (focus returns to the bell).
 *
 * What it shows is marked read. On All at once, and the badge drops with it. On Unread when the dropdown
 * closes: marking them at once would take them out of the Unread list on the server while the member
 * pages through it, and Next would skip the five that moved up.
 */
export function NotificationsMenu() {
  const unread = useUnreadCount().data ?? 0;
  const markRead = useMarkShownRead();
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState<NotificationFilter>('all');
  const [page, setPage] = useState(1);
  // This opening's shown unread ids (each marked once), and those of the Unread tab, marked on closing.
  const seen = useRef(new Set<number>());
  const deferred = useRef<number[]>([]);
  const headingId = useId();
  const badge = badgeText(unread);
  const { mutate } = markRead;

  const onShown = useCallback(
    (shownFilter: NotificationFilter, notifications: readonly Notification[]) => {
      const ids = takeNewlyShownUnread(notifications, seen.current);
      if (ids.length === 0) return;
      if (shownFilter === 'all') mutate(ids);
      else deferred.current.push(...ids);
    },
    [mutate],
  );

  function changeOpen(next: boolean) {
    if (next) {
      setFilter('all');
      setPage(1);
      seen.current = new Set();
    } else {
      for (const ids of batches(deferred.current)) mutate(ids);
    }
    deferred.current = [];
    setOpen(next);
  }

  return (
    <Popover.Root open={open} onOpenChange={changeOpen}>
      <Popover.Trigger
        aria-label={bellLabel(unread)}
        title="Notifications"
        className="relative inline-flex size-10 items-center justify-center rounded-full text-leather-800 hover:bg-leather-100"
      >
        <Icon name="bell" />
        {badge && (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute top-0.5 right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-[11px] leading-none font-bold text-white ring-2 ring-white"
          >
            {badge}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          aria-labelledby={headingId}
          className="z-50 flex max-h-(--radix-popover-content-available-height) w-[min(calc(100vw-1.5rem),24rem)] flex-col rounded-2xl bg-white p-4 shadow-lg ring-1 ring-leather-100"
        >
          <div className="mb-3 flex shrink-0 items-center justify-between gap-2">
            <h2 id={headingId} className="font-semibold text-leather-900">
              Notifications
            </h2>
            <Popover.Close
              aria-label="Close notifications"
              className="inline-flex size-8 items-center justify-center rounded-full text-stone-600 hover:bg-leather-100"
            >
              <Icon name="close" className="size-4" />
            </Popover.Close>
          </div>
          <Tabs.Root
            className="flex min-h-0 flex-1 flex-col"
            value={filter}
            onValueChange={(value) => {
              setFilter(value as NotificationFilter);
              setPage(1);
            }}
          >
            <Tabs.List aria-label="Which notifications" className="mb-3 flex shrink-0 gap-2">
              {TABS.map((tab) => (
                <Tabs.Trigger
                  key={tab.value}
                  value={tab.value}
                  className="rounded-full px-3 py-1 text-sm font-semibold text-stone-600 hover:bg-leather-50 data-[state=active]:bg-leather-100 data-[state=active]:text-leather-900"
                >
                  {tab.label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {TABS.map((tab) => (
              <Tabs.Content
                key={tab.value}
                value={tab.value}
                className="flex min-h-0 flex-1 flex-col rounded-lg outline-leather-400 focus-visible:outline-2 focus-visible:outline-offset-2"
              >
                <NotificationList
                  filter={tab.value}
                  page={page}
                  onPageChange={setPage}
                  onShown={onShown}
                  onNavigate={() => changeOpen(false)}
                />
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
