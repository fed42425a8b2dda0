import { CONVERSATION_MESSAGES } from '@corral/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../config/paths.ts';
import { conversationWithQuery } from '../../../entities/conversations/api/conversation-with.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icons.tsx';

/**
 * Message: asks whether the viewer has a conversation with the member and may write to them
 * (GET /conversations/with/{id}), then opens that conversation, or a new one; when none may start, the
 * reason shows (their message policy, a block, the new-account rule…) and the member stays on the profile.
 */
export function MessageButton({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const prefetch = () => void queryClient.prefetchQuery({ ...conversationWithQuery(userId), staleTime: 10_000 });

  async function open() {
    setAsking(true);
    try {
      const answer = await queryClient.fetchQuery({ ...conversationWithQuery(userId), staleTime: 10_000 });
      if (answer.data) navigate(paths.conversation(answer.data.id, answer.data.box));
      else if (answer.can_start) navigate(paths.newConversation(userId));
      else toast(answer.reason ?? CONVERSATION_MESSAGES.blocked);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'That did not work. Please try again.');
    } finally {
      setAsking(false);
    }
  }

  return (
    <Button variant="secondary" busy={asking} onPointerEnter={prefetch} onFocus={prefetch} onClick={() => void open()}>
      <Icon name="chat" className="hidden size-4 sm:block" />
      Message
    </Button>
  );
}
