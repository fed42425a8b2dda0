import type { ConversationBox } from '@corral/contract';
import { type MouseEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { Icon } from '../../../ui/icons.tsx';
import { lazyOverlay } from '../../../ui/lazy-overlay.tsx';
import { unreadTotal, useMessagesUnread } from '../api/messages-unread.ts';
import { badgeText, chatLabel } from './badge-text.ts';

// Radix's Popover and Tabs, and the list, load on the icon's first use (issue 10's budget for the feed).
const MessagesPopover = lazyOverlay(
  () => import('./messages-popover.lazy.tsx').then((module) => module.MessagesPopover),
  { popup: 'dialog' },
);

/** Below this width the icon opens the messages page instead of the panel (Tailwind's `md`). */
export const PHONE_QUERY = '(max-width: 767px)';

/**
 * The top bar's chat icon: a badge with the number of conversations holding unread messages (inbox and
 * requests), kept live by the stream. On wider screens it opens the messages panel (Inbox and Requests);
 * on phones, the messages page. Escape, an outside click or the close button closes the panel, and the
 * focus returns to the icon.
 */
export function MessagesMenu() {
  const unread = useMessagesUnread().data;
  const total = unreadTotal(unread);
  const badge = badgeText(total);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [box, setBox] = useState<ConversationBox>('inbox');

  function changeOpen(next: boolean) {
    // It opens on the inbox, unless only requests wait to be read.
    if (next) setBox(unread && unread.inbox === 0 && unread.requests > 0 ? 'requests' : 'inbox');
    setOpen(next);
  }

  function onPhones(event: MouseEvent<HTMLButtonElement>) {
    if (!window.matchMedia?.(PHONE_QUERY).matches) return;
    event.preventDefault(); // no panel: the page
    navigate(paths.messages);
  }

  return (
    <MessagesPopover
      open={open}
      onOpenChange={changeOpen}
      box={box}
      onBoxChange={setBox}
      trigger={
        <button
          type="button"
          aria-label={chatLabel(total)}
          title="Messages"
          data-testid="messages-button"
          onClick={onPhones}
          className="relative inline-flex size-10 items-center justify-center rounded-full text-leather-800 hover:bg-leather-100"
        >
          <Icon name="chat" />
          {badge && (
            <span
              aria-hidden="true"
              data-testid="messages-badge"
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
