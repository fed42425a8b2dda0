import type { StreamEvent } from '@corral/contract';

export interface ReceivedEvent {
  id: string | undefined;
  event: StreamEvent;
}

/**
 * A real server-sent events client over fetch (as the web's is): reads frames off GET /api/stream and lets a
 * test wait for the next event of a type. Events are parsed by the SSE rules: `id:`, `event:`, `data:` lines,
 * a blank line ends a frame, lines starting with ':' are comments.
 */
export async function openStream(baseUrl: string, token: string, lastEventId?: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/stream`, {
    headers: { authorization: `Bearer ${token}`, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: controller.signal,
  });
  const received: ReceivedEvent[] = [];
  const waiters: (() => void)[] = [];
  let ended = false;
  let comments = 0;
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let id: string | undefined;
            let data = '';
            for (const line of frame.split('\n')) {
              if (line.startsWith(':')) comments += 1;
              else if (line.startsWith('id: ')) id = line.slice(4);
              else if (line.startsWith('data: ')) data += line.slice(6);
            }
            if (data) received.push({ id, event: JSON.parse(data) as StreamEvent });
            for (const wake of waiters.splice(0)) wake();
            end = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // aborted
      }
      ended = true;
      for (const wake of waiters.splice(0)) wake();
    })();
  }
  const taken = new Set<number>();
  return {
    status: response.status,
    response,
    received,
    get ended() {
      return ended;
    },
    get comments() {
      return comments;
    },
    /** The oldest event of `type` not yet taken, waiting up to `timeoutMs` for one. */
    async next<T extends StreamEvent['type']>(type: T, timeoutMs = 5_000) {
      let timedOut = false;
      const wakeOnTimeout = () => {
        timedOut = true;
        for (const wake of waiters.splice(0)) wake();
      };
      const timer = setTimeout(wakeOnTimeout, timeoutMs);
      try {
        for (;;) {
          const index = received.findIndex((item, i) => !taken.has(i) && item.event.type === type);
          if (index >= 0) {
            taken.add(index);
            return received[index] as ReceivedEvent & { event: Extract<StreamEvent, { type: T }> };
          }
          if (ended) throw new Error(`the stream ended before a ${type} event`);
          if (timedOut)
            throw new Error(`no ${type} event in ${timeoutMs} ms; got ${received.map((r) => r.event.type)}`);
          await new Promise<void>((resolve) => waiters.push(resolve));
        }
      } finally {
        clearTimeout(timer);
      }
    },
    close() {
      controller.abort();
    },
  };
}
