import { CONVERSATION_MESSAGES } from '@corral/contract';
import { useRef } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useConversationWith } from '../../../entities/conversations/api/conversation-with.ts';
import { Button } from '../../../ui/button.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { Notice } from '../components/notice.tsx';
import { ConversationView } from '../conversation/conversation-view.tsx';

/**
 * /messages/new/:userId: writing to a member. GET /conversations/with/{id} first: a conversation they already
 * have opens in its place; one that may not start says why (the member's policy, a block, the new-account
 * rule…); otherwise the empty conversation, whose first message starts it.
 */
export function NewConversation({ userId, onBack }: { userId: string; onBack: () => void }) {
  const query = useConversationWith(userId);
  const navigate = useNavigate();
  // Once the empty conversation shows, it stays until its first message starts the conversation (the answer
  // here changes with it, and must not replace the view while it sends).
  const writing = useRef(false);
  if (query.isPending) {
    return (
      <div className="m-auto">
        <Spinner label="Loading…" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="m-auto flex max-w-sm flex-col items-center gap-3 px-6 text-center">
        <p className="text-red-800">{query.error.message}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {CONVERSATION_MESSAGES.retry}
        </Button>
      </div>
    );
  }
  const { data: existing, can_start, reason } = query.data;
  if (existing && !writing.current) return <Navigate to={paths.conversation(existing.id, existing.box)} replace />;
  if (!existing && !can_start && !writing.current) {
    return <Notice alert text={reason ?? CONVERSATION_MESSAGES.blocked} onBack={onBack} />;
  }
  writing.current = true;
  return (
    <ConversationView
      conversationId={null}
      recipientId={userId}
      onBack={onBack}
      // Its first message started it: the address becomes the conversation's (a reload opens it).
      onStarted={(id) => navigate(paths.conversation(id), { replace: true })}
    />
  );
}
