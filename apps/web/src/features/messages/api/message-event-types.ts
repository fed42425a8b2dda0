import type { StreamEvent } from '@corral/contract';
import type { QueryClient } from '@tanstack/react-query';

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

let handling: Promise<typeof import('./messages-stream.ts')> | undefined;

/**
 * What the live stream calls with every event (app/layouts/social-layout.tsx): a message event loads the
 * messages' cache handling the first time one comes (it stays out of the feed's first load), then applies it;
 * events apply in the order they came, as they wait on the one import.
 */
export function applyMessageEventLater(queryClient: QueryClient, event: StreamEvent): void {
  if (!isMessageStreamEvent(event)) return;
  handling ??= import('./messages-stream.ts');
  void handling.then((module) => module.applyMessagesStreamEvent(queryClient, event));
}
