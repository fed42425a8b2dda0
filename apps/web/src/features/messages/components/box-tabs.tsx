import type { ConversationBox } from '@corral/contract';
import { clsx } from 'clsx';
import { Tabs } from 'radix-ui';
import { useMessagesUnread } from '../api/messages-unread.ts';
import { badgeText } from './badge-text.ts';
import { ConversationList } from './conversation-list.tsx';

export const BOX_TABS: { value: ConversationBox; label: string }[] = [
  { value: 'inbox', label: 'Inbox' },
  { value: 'requests', label: 'Requests' },
];

export interface BoxTabsProps {
  box: ConversationBox;
  onBoxChange: (box: ConversationBox) => void;
  selectedId?: number | null;
  onOpen?: () => void;
  /** Classes of the scrolling panel (its height in the panel, or the page's column). */
  panelClassName?: string;
}

/**
 * Inbox and Requests as tabs (arrow keys move between them, Radix Tabs), each with the number of its
 * conversations holding unread messages, and the chosen box's list under them.
 */
export function BoxTabs({ box, onBoxChange, selectedId, onOpen, panelClassName }: BoxTabsProps) {
  const unread = useMessagesUnread().data;
  return (
    <Tabs.Root
      className="flex min-h-0 flex-1 flex-col"
      value={box}
      onValueChange={(value) => onBoxChange(value as ConversationBox)}
    >
      <Tabs.List aria-label="Message boxes" className="flex shrink-0 gap-2 px-1 pb-2">
        {BOX_TABS.map((tab) => {
          const count = unread?.[tab.value] ?? 0;
          return (
            <Tabs.Trigger
              key={tab.value}
              value={tab.value}
              className="inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold text-stone-600 outline-leather-400 hover:bg-leather-50 focus-visible:outline-2 data-[state=active]:bg-leather-100 data-[state=active]:text-leather-900"
            >
              {tab.label}
              {count > 0 && (
                <span className="inline-flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-700 px-1 text-[10px] leading-none font-bold text-white">
                  <span aria-hidden="true">{badgeText(count)}</span>
                  <span className="sr-only">{` (${count} unread)`}</span>
                </span>
              )}
            </Tabs.Trigger>
          );
        })}
      </Tabs.List>
      {BOX_TABS.map((tab) => (
        <Tabs.Content
          key={tab.value}
          value={tab.value}
          className={clsx(
            'min-h-0 flex-1 overflow-y-auto rounded-lg outline-leather-400 focus-visible:outline-2 focus-visible:-outline-offset-2',
            panelClassName,
          )}
        >
          <ConversationList box={tab.value} selectedId={selectedId} onOpen={onOpen} />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
