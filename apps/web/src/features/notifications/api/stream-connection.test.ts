import type { StreamEvent } from '@corral/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isFinal, openLiveStream, RECONNECT_MAX_MS, reconnectDelay } from './stream-connection.ts';

const URL = 'http://corral.test/api/stream';

/** One answer of the stream that the test writes to, as the server would. */
function eventStream(status = 200) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(status === 200 ? body : null, {
      status,
      headers: { 'content-type': 'text/event-stream' },
    }),
    send(type: string, data: object, id?: string) {
      controller.enqueue(encoder.encode(`${id ? `id: ${id}\n` : ''}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`));
    },
    end() {
      controller.close();
    },
  };
}

type Answer = ReturnType<typeof eventStream> | Error;

/** The network: each connection takes the next answer; requests are kept with their headers. */
function network(answers: Answer[]) {
  const requests: Record<string, string>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string | URL, init: { headers: Record<string, string> }) => {
      requests.push(init.headers);
      const answer = answers.shift();
      if (!answer) return new Promise<never>(() => {});
      if (answer instanceof Error) throw answer;
      return answer.response;
    }),
  );
  return requests;
}

describe('reconnection waits', () => {
  it('double on each failure, stay within the cap, and spread over their upper half', () => {
    const low = () => 0;
    const high = () => 1;
    expect([0, 1, 2, 3].map((failures) => reconnectDelay(failures, low))).toEqual([500, 1000, 2000, 4000]);
    expect([0, 1, 2, 3].map((failures) => reconnectDelay(failures, high))).toEqual([1000, 2000, 4000, 8000]);
    expect(reconnectDelay(30, high)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelay(30, low)).toBe(RECONNECT_MAX_MS / 2);
  });

  it('end for good on 401, 403 and 204 only', () => {
    expect([401, 403, 204].every(isFinal)).toBe(true);
    expect([undefined, 404, 429, 500, 502, 503].some(isFinal)).toBe(false);
  });
});

describe('the live stream', () => {
  let events: StreamEvent[];
  let close: (() => void) | undefined;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.spyOn(Math, 'random').mockReturnValue(0);
    events = [];
  });

  afterEach(() => {
    close?.();
    close = undefined;
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const open = () => {
    close = openLiveStream({ url: URL, token: 'tok-1', onEvent: (event) => events.push(event) });
  };

  it('sends the bearer token and hands over the contract’s events', async () => {
    const first = eventStream();
    const requests = network([first]);
    open();
    await vi.advanceTimersByTimeAsync(0);
    first.send('ready', { unread: 2, resumed: false }, '1');
    first.send('unread', { unread: 3 }, '2');
    first.send('mystery', { any: 1 }, '3');
    await vi.advanceTimersByTimeAsync(0);
    expect(requests[0]).toMatchObject({ authorization: 'Bearer tok-1', Accept: 'text/event-stream' });
    expect(requests[0]).not.toHaveProperty('Last-Event-ID');
    expect(events).toEqual([
      { type: 'ready', unread: 2, resumed: false },
      { type: 'unread', unread: 3 },
    ]);
  });

  it('reconnects after a drop, with backoff, and resumes from the last event id', async () => {
    const first = eventStream();
    const second = eventStream();
    const requests = network([first, new Error('offline'), second]);
    open();
    await vi.advanceTimersByTimeAsync(0);
    first.send('ready', { unread: 0, resumed: false }, '10');
    first.send('unread', { unread: 1 }, '11');
    first.end();
    await vi.advanceTimersByTimeAsync(499);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    // Refused (network down): the next wait is twice as long.
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(3);
    expect(requests[1]).toMatchObject({ 'Last-Event-ID': '11', authorization: 'Bearer tok-1' });
    expect(requests[2]).toMatchObject({ 'Last-Event-ID': '11' });
    second.send('ready', { unread: 1, resumed: true }, '12');
    await vi.advanceTimersByTimeAsync(0);
    expect(events.at(-1)).toEqual({ type: 'ready', unread: 1, resumed: true });
  });

  it('starts the backoff again once a connection is ready', async () => {
    const [a, b, c] = [eventStream(), eventStream(), eventStream()];
    const requests = network([a, new Error('offline'), b, c]);
    open();
    await vi.advanceTimersByTimeAsync(0);
    a.end();
    await vi.advanceTimersByTimeAsync(500 + 1000);
    expect(requests).toHaveLength(3);
    b.send('ready', { unread: 0, resumed: true }, '1');
    await vi.advanceTimersByTimeAsync(0);
    b.end();
    await vi.advanceTimersByTimeAsync(500);
    expect(requests).toHaveLength(4);
  });

  it('retries a server error but stops on 401 (the token is gone)', async () => {
    const requests = network([eventStream(503), eventStream(401), eventStream()]);
    open();
    await vi.advanceTimersByTimeAsync(500);
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toHaveLength(2);
  });

  it('closes for good: no event and no reconnection afterwards', async () => {
    const first = eventStream();
    const requests = network([first, eventStream()]);
    open();
    await vi.advanceTimersByTimeAsync(0);
    close?.();
    first.send('unread', { unread: 9 }, '1');
    first.end();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toHaveLength(1);
    expect(events).toEqual([]);
  });
});
