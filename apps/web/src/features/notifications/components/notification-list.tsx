import { NOTIFICATION_MESSAGES, type Notification, type NotificationFilter } from '@corral/contract';
import { clsx } from 'clsx';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../ui/button.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useNotificationsPage } from '../api/notifications-api.ts';
import { NotificationItem } from './notification-item.tsx';
import { clampPage, paging } from './paging.ts';

export interface NotificationListProps {
  filter: NotificationFilter;
  page: number;
  onPageChange(page: number): void;
  /** Called with each page as it is shown (what was shown is marked read). */
  onShown(filter: NotificationFilter, notifications: readonly Notification[]): void;
  /** An item was opened: the dropdown closes. */
  onNavigate(): void;
}

const FOCUSABLE = 'a[href], button:not([disabled])';

/** One tab of the bell: its page of notifications, Previous, 'Page X of Y' and Next. */
export function NotificationList({ filter, page, onPageChange, onShown, onNavigate }: NotificationListProps) {
  const query = useNotificationsPage(filter, page);
  const listRef = useRef<HTMLUListElement>(null);
  // After a Remove, focus goes to the item that took its place (or the one before, or the tabs).
  const [refocus, setRefocus] = useState<{ index: number; id: number } | null>(null);
  // The page asked for, once answered (not the previous page kept on screen while it loads).
  const answer = query.isPlaceholderData ? undefined : query.data;
  const shown = query.data;

  // The server answers the last page when the list shrank below the one asked for; a page emptied here by a
  // Remove goes back as well.
  useEffect(() => {
    if (!answer) return;
    const target = clampPage(answer.page !== page ? answer.page : page, answer.total);
    if (target !== page) onPageChange(target);
  }, [answer, page, onPageChange]);

  useEffect(() => {
    if (answer) onShown(filter, answer.data);
  }, [answer, filter, onShown]);

  useEffect(() => {
    if (!refocus || shown?.data.some((item) => item.id === refocus.id)) return;
    const items = listRef.current?.querySelectorAll<HTMLElement>('[data-notification]') ?? [];
    const next = items[Math.min(refocus.index, items.length - 1)];
    const target =
      next?.querySelector<HTMLElement>(FOCUSABLE) ??
      listRef.current?.closest('[role="dialog"]')?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    target?.focus();
    setRefocus(null);
  }, [refocus, shown]);

  if (query.isPending) return <Spinner className="size-4" label="Loading notifications…" />;
  if (!shown) {
    return (
      <div role="alert" className="flex flex-col items-start gap-2 py-4 text-sm text-red-700">
        <p>{query.error?.message ?? 'Notifications could not be loaded.'}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (shown.data.length === 0 && shown.total === 0) {
    return <p className="py-6 text-center text-sm text-stone-500">{NOTIFICATION_MESSAGES.empty}</p>;
  }
  const pages = paging(shown.page, shown.total);
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <ul
        ref={listRef}
        aria-busy={query.isFetching || undefined}
        className={clsx(
          '-mx-1 flex min-h-0 flex-col gap-1 overflow-y-auto px-1',
          query.isPlaceholderData && 'opacity-60',
        )}
      >
        {shown.data.map((notification, index) => (
          <NotificationItem
            key={notification.id}
            notification={notification}
            onNavigate={onNavigate}
            onRemoved={() => setRefocus({ index, id: notification.id })}
          />
        ))}
      </ul>
      {query.isError && (
        <p role="alert" className="text-xs text-red-700">
          {query.error.message}
        </p>
      )}
      <nav aria-label="Notification pages" className="flex shrink-0 items-center justify-between gap-2 text-sm">
        <PageButton disabled={!pages.hasPrevious} onClick={() => onPageChange(pages.page - 1)}>
          Previous
        </PageButton>
        <span aria-live="polite" className="text-stone-600">
          {pages.label}
        </span>
        <PageButton disabled={!pages.hasNext} onClick={() => onPageChange(pages.page + 1)}>
          Next
        </PageButton>
      </nav>
    </div>
  );
}

/** Previous and Next stay focusable when they cannot go further (aria-disabled), so focus never drops out. */
function PageButton({ disabled, onClick, children }: { disabled: boolean; onClick(): void; children: string }) {
  return (
    <Button
      variant="ghost"
      aria-disabled={disabled || undefined}
      onClick={() => {
        if (!disabled) onClick();
      }}
      className="min-h-9 px-3 py-1 aria-disabled:cursor-not-allowed aria-disabled:text-stone-400 aria-disabled:hover:bg-transparent"
    >
      {children}
    </Button>
  );
}
