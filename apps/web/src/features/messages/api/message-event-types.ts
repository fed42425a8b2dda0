import type { StreamEvent } from '@corral/contract';
import type { QueryClient } from '@tanstack/react-query';
import { conversationKeys } from '../../../lib/query-keys.ts';

/** The stream's events about direct messages. */
export type MessageStreamEvent = Extract<
  StreamEvent,
  { type: 'message' | 'message_deleted' | 'message_read' | 'conversation' }
>;

const MESSAGE_EVENT_TYPES: ReadonlySet<string> = new Set([
  'message',
  'message_deleted',
  'message_read',
  'conversation',
]);

export const isMessageStreamEvent = (event: StreamEvent): event is MessageStreamEvent =>
  MESSAGE_EVENT_TYPES.has(event.type);

type Handling = Pick<typeof import('./messages-stream.ts'), 'applyMessagesStreamEvent'>;

/**
 * What the live stream calls with every event (app/layouts/social-layout.tsx): a message event loads the
 * messages' cache handling the first time one comes (it stays out of the feed's first load), then applies it;
 * events apply in the order they came, as they wait on the one import. A load that failed (a dropped
 * connection, a new deploy) is not kept: the conversations' lists and pages are fetched again, so its event is
 * not lost, and the next event loads the handling anew.
 */
export function messageEventApplier(load: () => Promise<Handling>) {
  let handling: Promise<Handling> | undefined;
  return (queryClient: QueryClient, event: StreamEvent): void => {
    if (!isMessageStreamEvent(event)) return;
    handling ??= load().catch((error: unknown) => {
      handling = undefined;
      throw error;
    });
    handling.then(
      (module) => module.applyMessagesStreamEvent(queryClient, event),
      () => void queryClient.invalidateQueries({ queryKey: conversationKeys.all }),
    );
  };
}

export const applyMessageEventLater = messageEventApplier(() => import('./messages-stream.ts'));
