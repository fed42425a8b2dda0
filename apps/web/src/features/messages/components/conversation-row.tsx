import type { Conversation } from '@corral/contract';
import { clsx } from 'clsx';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatTimeAgo, formatTimestamp } from '../../../lib/format.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { badgeText } from './badge-text.ts';
import { conversationExcerpt, conversationName, unreadLabel } from './conversation-summary.ts';

export interface ConversationRowProps {
  conversation: Conversation;
  /** The conversation open beside the list (messages page). */
  selected?: boolean;
  /** The row was opened (the panel closes). */
  onOpen?: () => void;
}

/**
 * One conversation in a box: the other member's photo and name (or 'Deleted member'), the last message in
 * one line, when, and the unread count. The whole row is the link to the conversation.
 */
export function ConversationRow({ conversation, selected = false, onOpen }: ConversationRowProps) {
  const name = conversationName(conversation);
  const excerpt = conversationExcerpt(conversation);
  const unread = conversation.unread > 0;
  const time = conversation.last_message?.created_at ?? conversation.last_message_at;
  return (
    <li data-testid="conversation-row" data-conversation-id={conversation.id}>
      <Link
        to={paths.conversation(conversation.id, conversation.box)}
        onClick={onOpen}
        aria-current={selected ? 'page' : undefined}
        className={clsx(
          'flex min-w-0 items-center gap-3 rounded-xl px-2 py-2 outline-leather-400 hover:bg-leather-50 focus-visible:outline-2',
          selected && 'bg-leather-100 hover:bg-leather-100',
        )}
      >
        <Avatar src={conversation.other?.avatar} name="" className="size-11" />
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="flex min-w-0 items-baseline gap-2">
            <span className={clsx('truncate text-leather-900', unread ? 'font-bold' : 'font-semibold')}>{name}</span>
            <time
              dateTime={time}
              title={formatTimestamp(time)}
              className={clsx('ml-auto shrink-0 text-xs', unread ? 'font-semibold text-leather-800' : 'text-stone-600')}
            >
              {formatTimeAgo(time, 'narrow')}
            </time>
          </span>
          <span className="flex min-w-0 items-center gap-2">
            <span
              className={clsx('truncate text-sm', unread ? 'font-semibold text-stone-900' : 'text-stone-600')}
              data-testid="conversation-excerpt"
            >
              {excerpt}
            </span>
            {unread && (
              <span
                data-testid="conversation-unread"
                className="ml-auto inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-red-700 px-1.5 text-[11px] leading-none font-bold text-white"
              >
                <span aria-hidden="true">{badgeText(conversation.unread)}</span>
                <span className="sr-only">{unreadLabel(conversation.unread)}</span>
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}
