import type { Notification, NotificationFilter } from '@corral/contract';
import { Popover, Tabs } from 'radix-ui';
import { useId } from 'react';
import { Icon } from '../../../ui/icons.tsx';
import type { LoadedOverlayProps } from '../../../ui/lazy-overlay.tsx';
import { NotificationList } from './notification-list.tsx';

export const NOTIFICATION_TABS: { value: NotificationFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
];

export interface NotificationsPopoverProps {
  filter: NotificationFilter;
  onFilterChange: (filter: NotificationFilter) => void;
  page: number;
  onPageChange: (page: number) => void;
  onShown: (filter: NotificationFilter, notifications: readonly Notification[]) => void;
}

/**
 * The Radix part of the notification bell (Popover and Tabs), loaded on the bell's first use
 * (ui/lazy-overlay.tsx); its state lives in NotificationsMenu.
 */
export function NotificationsPopover({
  trigger,
  open,
  onOpenChange,
  filter,
  onFilterChange,
  page,
  onPageChange,
  onShown,
}: LoadedOverlayProps & NotificationsPopoverProps) {
  const headingId = useId();
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
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
            onValueChange={(value) => onFilterChange(value as NotificationFilter)}
          >
            <Tabs.List aria-label="Which notifications" className="mb-3 flex shrink-0 gap-2">
              {NOTIFICATION_TABS.map((tab) => (
                <Tabs.Trigger
                  key={tab.value}
                  value={tab.value}
                  className="rounded-full px-3 py-1 text-sm font-semibold text-stone-600 hover:bg-leather-50 data-[state=active]:bg-leather-100 data-[state=active]:text-leather-900"
                >
                  {tab.label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {NOTIFICATION_TABS.map((tab) => (
              <Tabs.Content
                key={tab.value}
                value={tab.value}
                className="flex min-h-0 flex-1 flex-col rounded-lg outline-leather-400 focus-visible:outline-2 focus-visible:outline-offset-2"
              >
                <NotificationList
                  filter={tab.value}
                  page={page}
                  onPageChange={onPageChange}
                  onShown={onShown}
                  onNavigate={() => onOpenChange(false)}
                />
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
