import { CONVERSATION_MESSAGES, type Message } from '@corral/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfirmDeleteDialog } from '../../../entities/items/components/confirm-delete-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { deleteMessage } from '../api/messages-api.ts';
import { putMessageGone } from '../api/messages-cache.ts';

/**
 * "Delete this message?": Delete empties the message for both members (it keeps its place, "This message was
 * deleted."); a refusal shows in the dialog. Loaded on first use.
 */
export function DeleteMessageDialog({
  message,
  open,
  onOpenChange,
}: {
  message: Message;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const remove = useMutation({ mutationFn: () => deleteMessage(message.id) });

  return (
    <ConfirmDeleteDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) remove.reset();
        onOpenChange(next);
      }}
      title={CONVERSATION_MESSAGES.deleteTitle}
      text={CONVERSATION_MESSAGES.deleteText}
      busy={remove.isPending}
      error={
        remove.error instanceof ApiError
          ? remove.error.message
          : remove.error
            ? 'The message could not be deleted.'
            : null
      }
      onConfirm={() => {
        if (remove.isPending) return;
        // Closed first: the emptied message has no menu, so this dialog goes with it.
        remove.mutateAsync().then(
          () => {
            onOpenChange(false);
            putMessageGone(queryClient, message.conversation_id, message.id);
          },
          () => undefined,
        );
      }}
    />
  );
}
