import type { Notification, NotificationFilter } from '@corral/contract';
import { useCallback, useRef, useState } from 'react';
import { Icon } from '../../../ui/icons.tsx';
import { lazyOverlay } from '../../../ui/lazy-overlay.tsx';
import { useMarkShownRead, useUnreadCount } from '../api/notifications-api.ts';
import { badgeText, bellLabel } from './badge.ts';
import { batches, takeNewlyShownUnread } from './shown-read.ts';

// Radix's Popover and Tabs, and the list, load on the bell's first use (issue 10's budget for the feed).
const NotificationsPopover = lazyOverlay(
  () => import('./notifications-popover.lazy.tsx').then((module) => module.NotificationsPopover),
  { popup: 'dialog' },
);

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
    <NotificationsPopover
      open={open}
      onOpenChange={changeOpen}
      filter={filter}
      onFilterChange={(value) => {
        setFilter(value);
        setPage(1);
      }}
      page={page}
      onPageChange={setPage}
      onShown={onShown}
      trigger={
        <button
          type="button"
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
        </button>
      }
    />
  );
}
