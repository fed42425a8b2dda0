import { CONVERSATION_MESSAGES, type Conversation } from '@corral/contract';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../config/paths.ts';
import { useBlock } from '../../../entities/safety/api/block-member.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { refocus } from '../../../ui/items/refocus.ts';
import { lazyDialog } from '../../../ui/lazy-dialog.tsx';
import { useAcceptConversation, useDeleteConversation } from '../api/conversations-api.ts';
import { conversationName } from './conversation-summary.ts';

const BlockRequestDialog = lazyDialog(() =>
  import('./block-request-dialog.tsx').then((module) => module.BlockRequestDialog),
);

const failed = (fallback: string) => (error: unknown) =>
  toast.error(error instanceof ApiError ? error.message : fallback);

/**
 * A message request's answers, shown in the conversation above the composer while it waits in the member's
 * Requests (`conversation.box === 'requests'`): Accept (to both inboxes, and the list beside it shows the inbox;
 * replying accepts it too), Delete
 * (gone from the requests, the sender is not told), and Block (behind a confirmation; blocks the sender, then
 * deletes the request). Delete and Block go back to the requests.
 */
export function RequestActions({ conversation }: { conversation: Conversation }) {
  const navigate = useNavigate();
  const accept = useAcceptConversation();
  const remove = useDeleteConversation();
  const block = useBlock();
  const [blocking, setBlocking] = useState(false);
  const section = useRef<HTMLElement>(null);
  const name = conversationName(conversation);
  const other = conversation.other;
  const busy = accept.isPending || remove.isPending || block.isPending;

  const leave = () => navigate(paths.messageRequests, { replace: true });

  // The answers go on through the mutations' promises, not `mutate`'s callbacks: the stream may tell this tab
  // that the request was answered (it left the requests, and these answers with it) before the answer itself
  // arrives, and a `mutate` callback does not run once its component is gone.
  function onAccept() {
    accept.mutateAsync(conversation).then((answer) => {
      toast.success(CONVERSATION_MESSAGES.accepted);
      // It is in the inbox now: the list beside it shows the inbox.
      navigate(paths.conversation(answer.data.id, answer.data.box), { replace: true });
    }, failed('The request could not be accepted.'));
  }

  function onDelete() {
    remove.mutateAsync(conversation).then(() => {
      toast.success(CONVERSATION_MESSAGES.removed);
      leave();
    }, failed('The request could not be deleted.'));
  }

  async function onBlock() {
    if (!other) return;
    try {
      const answer = await block.mutateAsync({ userId: other.id, blocked: true });
      await remove.mutateAsync(conversation);
      setBlocking(false);
      toast.success(answer.message);
      leave();
    } catch (error) {
      setBlocking(false);
      failed('They could not be blocked.')(error);
    }
  }

  return (
    <section
      ref={section}
      aria-label={`Message request from ${name}`}
      data-testid="request-actions"
      className="flex flex-col gap-2 border-t border-leather-100 bg-leather-50/60 px-3 py-3"
    >
      <p className="text-sm text-stone-700">
        {`${name} wants to send you a message. They will not know you read it until you accept or reply.`}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button busy={accept.isPending} disabled={busy} onClick={onAccept}>
          Accept
        </Button>
        <Button variant="secondary" busy={remove.isPending && !block.isPending} disabled={busy} onClick={onDelete}>
          Delete
        </Button>
        {other && (
          <Button
            data-action="block"
            variant="ghost"
            className="text-red-800"
            disabled={busy}
            onPointerEnter={BlockRequestDialog.preload}
            onFocus={BlockRequestDialog.preload}
            onClick={() => setBlocking(true)}
          >
            Block
          </Button>
        )}
      </div>
      <BlockRequestDialog
        name={name}
        open={blocking}
        busy={block.isPending || remove.isPending}
        onOpenChange={(next) => {
          if (next) return;
          setBlocking(false);
          refocus(() => section.current?.querySelector<HTMLElement>('[data-action="block"]'));
        }}
        onConfirm={() => void onBlock()}
      />
    </section>
  );
}
