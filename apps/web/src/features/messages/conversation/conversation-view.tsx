import { CONVERSATION_MESSAGES, type Conversation } from '@corral/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useMemberId } from '../../../lib/use-draft.ts';
import { Spinner } from '../../../ui/spinner.tsx';
import { type MessageTarget, useMessages, useRecipient } from '../api/messages-api.ts';
import { Notice } from '../components/notice.tsx';
import { RequestActions } from '../components/request-actions.tsx';
import { Composer, type ComposerHandle } from './composer.tsx';
import { ComposerFocusContext } from './composer-focus.ts';
import { ConversationHeader } from './conversation-header.tsx';
import { MessageList } from './message-list.tsx';
import type { OtherMember } from './message-row.tsx';
import { buildTimeline, newestFromOther, seenMessageId } from './message-timeline.ts';
import { type OutboxEntry, type OutboxPhoto, outboxKey, send, useOutbox } from './outbox.ts';
import { useMarkRead } from './use-mark-read.ts';

export interface ConversationViewProps {
  /** The conversation; null for a new one with `recipientId`, whose first message starts it. */
  conversationId: number | null;
  recipientId?: string | null;
  /** Back to the list (the header's back button, on phones). */
  onBack: () => void;
  /** A new conversation's first message started it: its id (the view goes on with it either way). */
  onStarted?: (conversationId: number) => void;
}

/**
 * One conversation: its header, the messages (oldest at the top, older pages as the member scrolls up), a
 * request's answers for its recipient, and the composer, or why the member cannot write. The composer has the
 * focus on opening and keeps it after each send. Fills its parent's height (a column whose messages scroll).
 */
export function ConversationView({ conversationId, recipientId = null, onBack, onStarted }: ConversationViewProps) {
  const me = useMemberId();
  const queryClient = useQueryClient();
  const [started, setStarted] = useState<{ recipient: string | null; id: number } | null>(null);
  const startedId = started && started.recipient === recipientId ? started.id : null;
  const id = conversationId ?? startedId;
  const messages = useMessages(id);
  const recipient = useRecipient(id === null ? recipientId : null);
  const composer = useRef<ComposerHandle>(null);
  const focusComposer = useCallback(() => composer.current?.focus(), []);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const pages = messages.data?.pages ?? [];
  const conversation: Conversation | null = pages[0]?.conversation ?? null;
  // Sends made before the conversation had an id, shown in it under whichever address it is opened.
  const toWhom = recipientId ?? conversation?.other?.id ?? null;
  const toRecipient = useOutbox(toWhom ? outboxKey(me, { recipientId: toWhom }) : null);
  const toConversation = useOutbox(id === null ? null : outboxKey(me, { conversationId: id }));
  const outbox = useMemo(() => mergeOutboxes(toRecipient, toConversation), [toRecipient, toConversation]);
  const rows = useMemo(() => buildTimeline(pages, outbox, me), [pages, outbox, me]);
  const newestOther = newestFromOther(pages, me);
  const markRead = useMarkRead(id, conversation, me);

  const other: OtherMember | null = conversation
    ? conversation.other && {
        id: conversation.other.id,
        name: fullName(conversation.other),
        avatar: conversation.other.avatar,
      }
    : recipient.data
      ? { id: recipient.data.id, name: recipient.data.name || fullName(recipient.data), avatar: recipient.data.avatar }
      : null;
  const name = conversation && !conversation.other ? CONVERSATION_MESSAGES.deletedMemberName : (other?.name ?? '');

  function sendMessage(message: { body: string; photos: OutboxPhoto[] }) {
    const target: MessageTarget | null = id !== null ? { conversationId: id } : recipientId ? { recipientId } : null;
    if (!target) return;
    void send(queryClient, me, target, message).then((sent) => {
      if (!sent || !('recipientId' in target) || !mounted.current) return;
      setStarted({ recipient: target.recipientId, id: sent.conversation.id });
      onStarted?.(sent.conversation.id);
    });
  }

  if (id !== null && messages.isError && pages.length === 0) {
    return <Notice alert text={messages.error.message} onBack={onBack} />;
  }

  const loading = id !== null && messages.isPending;
  const canSend = conversation ? conversation.can_send : id === null;
  // Above a working composer: the requester may add one more message until the request is accepted.
  const pendingRequest = conversation?.status === 'request' && conversation.requested_by_me && conversation.can_send;
  const hint = conversation?.read_only_reason ?? (pendingRequest ? CONVERSATION_MESSAGES.requestPending : null);

  return (
    <ComposerFocusContext value={focusComposer}>
      <div className="flex min-h-0 min-w-0 flex-1 flex-col">
        <ConversationHeader
          name={name}
          other={other}
          request={conversation?.status === 'request' ? (conversation.requested_by_me ? 'sent' : 'received') : null}
          onBack={onBack}
        />
        {loading ? (
          <div className="m-auto">
            <Spinner label="Loading messages…" />
          </div>
        ) : (
          <MessageList
            key={id ?? 'new'}
            rows={rows}
            other={other}
            seenId={seenMessageId(pages, me, conversation?.other_last_read_id ?? null)}
            label={name ? `Messages with ${name}` : 'Messages'}
            hasOlder={messages.hasNextPage}
            loadingOlder={messages.isFetchingNextPage}
            onLoadOlder={() => void messages.fetchNextPage()}
            newestOtherId={newestOther?.id ?? null}
            onSeen={markRead}
            empty={id === null && name ? `Write the first message to ${name}.` : undefined}
          />
        )}
        {conversation?.box === 'requests' && <RequestActions conversation={conversation} />}
        {canSend ? (
          <>
            {hint && <p className="border-t border-leather-100 px-4 pt-2 text-sm text-stone-600">{hint}</p>}
            <Composer
              ref={composer}
              autoFocus
              draftItem={id ?? `to-${recipientId ?? ''}`}
              recipientName={name}
              onSend={sendMessage}
            />
          </>
        ) : (
          !loading && (
            <p className="border-t border-leather-100 bg-leather-50/60 px-4 py-3 text-center text-sm text-stone-700">
              {hint ?? CONVERSATION_MESSAGES.blocked}
            </p>
          )
        )}
      </div>
    </ComposerFocusContext>
  );
}

const fullName = (user: { first_name: string; last_name: string }) =>
  `${user.first_name} ${user.last_name}`.trim() || CONVERSATION_MESSAGES.deletedMemberName;

/** The sends to a member before the conversation had an id, then those to it, in the order written. */
function mergeOutboxes(a: OutboxEntry[], b: OutboxEntry[]): OutboxEntry[] {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  return [...a, ...b].sort((x, y) => x.created_at.localeCompare(y.created_at));
}
