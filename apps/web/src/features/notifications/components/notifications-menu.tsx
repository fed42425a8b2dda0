import { Popover, Tabs } from 'radix-ui';
import { Icon } from '../../../ui/icons.tsx';

/**
 * The notification bell: tabs All and Unread. Notifications arrive with the friends and notifications
 * issue; until then both tabs show the spec's empty state.
 */
export function NotificationsMenu() {
  return (
    <Popover.Root>
      <Popover.Trigger
        aria-label="Notifications"
        className="inline-flex size-10 items-center justify-center rounded-full text-leather-800 hover:bg-leather-100"
      >
        <Icon name="bell" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          className="z-50 w-[min(92vw,22rem)] rounded-2xl bg-white p-4 shadow-lg ring-1 ring-leather-100"
        >
          <h2 className="mb-3 font-semibold text-leather-900">Notifications</h2>
          <Tabs.Root defaultValue="all">
            <Tabs.List aria-label="Which notifications" className="mb-3 flex gap-2">
              {['all', 'unread'].map((tab) => (
                <Tabs.Trigger
                  key={tab}
                  value={tab}
                  className="rounded-full px-3 py-1 text-sm font-semibold text-stone-600 data-[state=active]:bg-leather-100 data-[state=active]:text-leather-900"
                >
                  {tab === 'all' ? 'All' : 'Unread'}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {['all', 'unread'].map((tab) => (
              <Tabs.Content key={tab} value={tab}>
                <p className="py-6 text-center text-sm text-stone-500">No notifications here.</p>
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
