import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { Message, StreamEvent } from '@corral/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpMember } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { eventId, pushTo } from './live.ts';
import { OpenStreams, replayKey, type StreamSources, serveStream } from './stream.service.ts';

/*
 * The stream on its own: serveStream on a response that records what is written, with sources of the test's
 * own (what app.ts registers from the modules above is exercised through GET /stream in their tests).
 */

/** A ServerResponse that keeps the frames written to it. */
class RecordedResponse extends EventEmitter {
  text = '';
  ended = false;
  private readonly waiters: (() => void)[] = [];

  writeHead(): this {
    return this;
  }

  write(chunk: string): boolean {
    this.text += chunk;
    for (const wake of this.waiters.splice(0)) wake();
    return true;
  }

  end(): void {
    this.ended = true;
  }

  /** The events written, in order (frames with a `data:` line). */
  events(): StreamEvent[] {
    return [...this.text.matchAll(/^data: (.*)$/gm)].map((match) => JSON.parse(match[1] ?? '') as StreamEvent);
  }

  async until(condition: () => boolean, what: string): Promise<void> {
    const deadline = Date.now() + 5_000;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`not ${what}; written: ${this.text}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }
}

const messageEvent = (id: number, body: string): Extract<StreamEvent, { type: 'message' }> => {
  const message: Message = {
    id,
    conversation_id: 1,
    sender_id: 'other',
    body,
    images: [],
    state: 'sent',
    client_id: null,
    created_at: new Date(0).toISOString(),
  };
  return {
    type: 'message',
    message,
    conversation: {
      id: 1,
      other: null,
      box: 'inbox',
      status: 'accepted',
      requested_by_me: false,
      last_message: message,
      last_message_at: message.created_at,
      unread: 1,
      other_last_read_id: null,
      can_send: true,
      read_only_reason: null,
    },
    unread: { inbox: 1, requests: 0 },
  };
};

let t: TestApp;
let viewer: Viewer;

beforeAll(async () => {
  t = await createTestApp();
  const member = await setUpMember(t.app);
  const session = await t.ctx.db.query.users.findFirst({ where: (users, { eq }) => eq(users.id, member.user.id) });
  if (!session) throw new Error('no member');
  viewer = { user: session, token: member.token, sessionId: 'test' };
});

afterAll(async () => {
  await t.close();
});

/** Opens a stream on a recorded response; `missed` answers what a catch-up brings. */
async function open(sources: Partial<StreamSources>, lastEventId?: string) {
  const streams = new OpenStreams();
  const raw = new RecordedResponse();
  await serveStream(
    t.ctx,
    {
      streams,
      sources: {
        readSession: async () => viewer,
        unread: async () => 0,
        messageUnread: async () => ({ inbox: 0, requests: 0 }),
        missed: [],
        ...sources,
      },
    },
    { viewer, ip: '127.0.0.1', lastEventId },
    raw as unknown as ServerResponse,
    {},
    () => {},
  );
  return { raw, streams, close: () => raw.emit('close') };
}

describe('the stream service', () => {
  it('sends the chat icon’s counts with ready', async () => {
    const { raw, close } = await open({ messageUnread: async () => ({ inbox: 2, requests: 1 }) });
    await raw.until(() => raw.events().length > 0, 'ready');
    expect(raw.events()[0]).toEqual({
      type: 'ready',
      unread: 0,
      messages: { inbox: 2, requests: 1 },
      resumed: false,
    });
    close();
  });

  it('names a message by its id, so that the bus and a catch-up send it once', () => {
    expect(replayKey(messageEvent(7, 'hi'))).toBe('message:7');
    expect(replayKey({ type: 'message_deleted', conversation_id: 1, message_id: 7 })).toBeNull();
  });

  it('sends a message once when the bus brings it during a resume that replays it, and again in a later catch-up', async () => {
    const missed = messageEvent(41, 'while away');
    const { raw, streams, close } = await open(
      {
        // The message is published while the stream reads what it missed, and the read finds it too.
        missed: [
          async (ctx, userId) => {
            await pushTo(ctx, userId, missed);
            return [missed];
          },
        ],
      },
      eventId(t.ctx),
    );
    await raw.until(() => raw.events().some((event) => event.type === 'message'), 'the missed message');
    await streams.catchUpAll(t.ctx.clock.now());
    const live = messageEvent(42, 'live');
    await pushTo(t.ctx, viewer.user.id, live);
    await raw.until(() => raw.events().some((event) => event.type === 'message' && event.message.id === 42), 'live');
    const ids = raw.events().flatMap((event) => (event.type === 'message' ? [event.message.id] : []));
    expect(ids).toEqual([41, 42]);
    expect(raw.events()[0]).toMatchObject({ type: 'ready', resumed: true });
    close();
    expect(raw.ended).toBe(true);
  });
});
