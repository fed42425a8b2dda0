import http from 'node:http';

export interface Stream {
  /** Resolves on the stream's `ready` event; rejects when the stream is refused. */
  ready: Promise<void>;
  /** Resolves, with the time it arrived, on the first frame `awaited` matches. */
  arrived: Promise<number>;
  /** Resolves, with the time it arrived, on the next frame `match` matches (ask before causing it). */
  next(match: (frame: string) => boolean): Promise<number>;
  request: http.ClientRequest;
}

/** Opens GET /api/stream as `token`, on a connection of its own, and reads its server-sent events. */
export function openStream(port: number, token: string, awaited: (frame: string) => boolean = () => false): Stream {
  let resolveReady: () => void = () => {};
  let rejectReady: (error: Error) => void = () => {};
  let resolveArrived: (at: number) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  const arrived = new Promise<number>((resolve) => {
    resolveArrived = resolve;
  });
  const waiting: { match: (frame: string) => boolean; resolve: (at: number) => void }[] = [];
  const next = (match: (frame: string) => boolean) =>
    new Promise<number>((resolve) => {
      waiting.push({ match, resolve });
    });
  const request = http.get(
    `http://127.0.0.1:${port}/api/stream`,
    { headers: { authorization: `Bearer ${token}` }, agent: false },
    (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        rejectReady(new Error(`stream answered ${response.statusCode}`));
        return;
      }
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (frame.includes('event: ready')) resolveReady();
          const at = performance.now();
          if (awaited(frame)) resolveArrived(at);
          for (let i = waiting.length - 1; i >= 0; i -= 1)
            if (waiting[i]?.match(frame)) waiting.splice(i, 1)[0]?.resolve(at);
          end = buffer.indexOf('\n\n');
        }
      });
    },
  );
  request.on('error', rejectReady);
  return { ready, arrived, next, request };
}
