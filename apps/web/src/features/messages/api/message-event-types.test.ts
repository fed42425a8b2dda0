import type { StreamEvent } from '@corral/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, test, vi } from 'vitest';
import { conversationKeys } from '../../../lib/query-keys.ts';
import { messageEventApplier } from './message-event-types.ts';

const read = (message_id: number) =>
  ({ type: 'message_read', conversation_id: 7, reader_id: 'u1', message_id }) as unknown as StreamEvent;

describe('the live stream’s message events', () => {
  test('a handling that failed to load is loaded anew for the next event, and the missed one refetched', async () => {
    const applied: number[] = [];
    const handling = {
      applyMessagesStreamEvent: (_: QueryClient, event: StreamEvent) => {
        applied.push((event as { message_id: number }).message_id);
      },
    };
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    load.mockResolvedValue(handling);
    const apply = messageEventApplier(load);
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    apply(queryClient, read(1));
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: conversationKeys.all }));
    expect(applied).toEqual([]);

    apply(queryClient, read(2));
    apply(queryClient, read(3));
    await vi.waitFor(() => expect(applied).toEqual([2, 3]));
    expect(load).toHaveBeenCalledTimes(2);
  });

  test('other events load nothing', () => {
    const load = vi.fn();
    messageEventApplier(load)(new QueryClient(), { type: 'unread', count: 1 } as unknown as StreamEvent);
    expect(load).not.toHaveBeenCalled();
  });
});
