import type { Conversation, Message } from '@corral/contract';
import type { MediaStorage } from '../../adapters/storage.ts';
import { toImageMedia } from '../media/media.service.ts';
import { readOnlyReason } from './conversations.policy.ts';
import type { ConversationRow, MessageRow } from './conversations.queries.ts';

/** A bigint column, as node-postgres (text) or PGlite gives it. */
const id = (value: number | string) => Number(value);

/**
 * A message as `viewerId` is shown it. Deleted by its sender or removed by a moderator: its place stays, with
 * no body and no photos. From a deleted member: no sender, body or photos either. The client id is the
 * sender's own.
 */
export function toMessage(storage: MediaStorage, row: MessageRow, viewerId: string): Message {
  const state = row.removed ? 'removed' : row.deleted ? 'deleted' : 'sent';
  const shown = state === 'sent' && row.sender_live;
  const senderId = row.sender_live ? row.sender_id : null;
  return {
    id: id(row.id),
    conversation_id: id(row.conversation_id),
    sender_id: senderId,
    body: shown ? row.body : '',
    images: shown ? row.images.map((image) => toImageMedia(storage, image)) : [],
    state,
    client_id: senderId !== null && senderId === viewerId ? row.client_id : null,
    created_at: row.created_at,
  };
}

/**
 * A conversation as its member `viewer_id` sees it. The other member's read marker ("Seen") is not shown to
 * the sender of a request that waits, nor once the other member's account is deleted; `can_send` follows the policy's read-only reasons.
 */
export function toConversation(storage: MediaStorage, row: ConversationRow): Conversation {
  const status = row.accepted ? 'accepted' : 'request';
  const requestedByMe = status === 'request' && row.started_by_viewer;
  const reason = readOnlyReason({
    blocked: row.blocked,
    otherLive: row.other_id !== null,
    requestedByViewer: requestedByMe,
    requestSent: row.request_sent,
  });
  const otherRead = row.other_last_read === null ? 0 : id(row.other_last_read);
  return {
    id: id(row.id),
    other:
      row.other_id === null
        ? null
        : {
            id: row.other_id,
            first_name: row.other_first_name ?? '',
            last_name: row.other_last_name ?? '',
            avatar: row.other_image,
          },
    box: row.box,
    status,
    requested_by_me: requestedByMe,
    last_message: row.last_message ? toMessage(storage, row.last_message, row.viewer_id) : null,
    last_message_at: row.last_message_at,
    unread: row.unread,
    // A deleted member's marker goes with them: "Seen" by nobody says nothing.
    other_last_read_id: requestedByMe || otherRead === 0 || row.other_id === null ? null : otherRead,
    can_send: reason === null,
    read_only_reason: reason,
  };
}
