import { CONVERSATION_MESSAGES, type Message } from '@corral/contract';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Avatar } from '../../../ui/avatar.tsx';
import { MessageOptions } from './message-options.tsx';
import { MessagePhotos } from './message-photos.tsx';
import { MessageText } from './message-text.tsx';
import { clockOf, type TimelineRow } from './message-timeline.ts';
import { OutboxBubble } from './outbox-bubble.tsx';

export type MessageRowData = Exclude<TimelineRow, { kind: 'day' }>;

/** The other member as the rows show them: null once their account is deleted. */
export interface OtherMember {
  id: string;
  name: string;
  avatar: string | null;
}

/**
 * One message in the conversation: the viewer's on the right, the other member's on the left with their
 * avatar (at the end of a run of theirs); its time under the last of a run, and "Seen" under the viewer's last
 * message the other member has read. A deleted or removed message keeps its place, emptied, with no menu.
 */
export function MessageRow({ row, other, seen }: { row: MessageRowData; other: OtherMember | null; seen: boolean }) {
  const otherName = other?.name ?? CONVERSATION_MESSAGES.deletedMemberName;
  const { mine } = row;
  return (
    <li
      data-message-id={row.kind === 'sent' ? row.message.id : undefined}
      className={clsx(
        'group flex items-end gap-2',
        mine ? 'justify-end' : 'justify-start',
        row.firstOfRun ? 'mt-3' : 'mt-0.5',
      )}
    >
      {!mine &&
        (row.lastOfRun ? (
          <Avatar src={other?.avatar} name={otherName} className="size-8" />
        ) : (
          <span className="w-8 shrink-0" />
        ))}
      <div className={clsx('flex min-w-0 max-w-[85%] flex-col sm:max-w-[75%]', mine ? 'items-end' : 'items-start')}>
        {row.kind === 'outbox' ? (
          <OutboxBubble entry={row.entry} />
        ) : (
          <SentMessage message={row.message} mine={mine} otherName={otherName} firstOfRun={row.firstOfRun} />
        )}
        {row.lastOfRun && row.kind === 'sent' && (
          <time dateTime={row.message.created_at} className="mt-0.5 px-1 text-xs text-stone-500">
            {clockOf(row.message.created_at)}
          </time>
        )}
        {seen && <p className="px-1 text-xs font-medium text-stone-500">{CONVERSATION_MESSAGES.seen}</p>}
      </div>
    </li>
  );
}

function SentMessage({
  message,
  mine,
  otherName,
  firstOfRun,
}: {
  message: Message;
  mine: boolean;
  otherName: string;
  firstOfRun: boolean;
}) {
  const fromDeletedMember = message.sender_id === null;
  const live = message.state === 'sent' && !fromDeletedMember;
  const author = mine ? 'You' : otherName;
  let content: ReactNode;
  if (message.state === 'deleted') content = <Gone>{CONVERSATION_MESSAGES.deletedMessage}</Gone>;
  else if (message.state === 'removed') content = <Gone>{CONVERSATION_MESSAGES.removedMessage}</Gone>;
  else if (fromDeletedMember && !message.body && message.images.length === 0)
    content = <Gone>{CONVERSATION_MESSAGES.deletedMember}</Gone>;
  else
    content = (
      <>
        <MessagePhotos media={message.images} alt={`From ${author === 'You' ? 'you' : author}`} />
        {message.body && <MessageText mine={mine}>{message.body}</MessageText>}
      </>
    );
  return (
    <>
      {fromDeletedMember && firstOfRun && (
        <span className="px-1 pb-0.5 text-xs text-stone-500">{CONVERSATION_MESSAGES.deletedMemberName}</span>
      )}
      <div className={clsx('flex max-w-full items-center gap-1', mine && 'flex-row-reverse')}>
        <div className="flex min-w-0 flex-col gap-1">
          <span className="sr-only">{`${author}:`}</span>
          {content}
        </div>
        {live && <MessageOptions message={message} mine={mine} className="shrink-0" />}
      </div>
    </>
  );
}

function Gone({ children }: { children: string }) {
  return (
    <p className="rounded-2xl border border-dashed border-stone-300 px-3 py-2 text-sm text-stone-500 italic">
      {children}
    </p>
  );
}
