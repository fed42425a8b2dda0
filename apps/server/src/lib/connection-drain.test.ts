import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ConnectionDrain } from './connection-drain.ts';

/**
 * A draining server closes its kept-alive connections by its own answers: the answers say `Connection: close`,
 * and a connection whose answer had begun is ended once the answer is out. Over real sockets.
 */

let app: FastifyInstance;
let agent: http.Agent;

afterEach(async () => {
  agent?.destroy();
  await app?.close();
});

/** A server with a fast route and a route that answers when told, draining with `drain`. */
async function start() {
  app = Fastify();
  const drain = new ConnectionDrain(app);
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  app.get('/fast', async () => ({ ok: true }));
  app.get('/slow', async () => {
    await released;
    return { ok: true };
  });
  // An answer whose head is out before it ends, as a long download's is.
  app.get('/trickle', (_request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/plain' });
    reply.raw.write('first ');
    void released.then(() => reply.raw.end('last'));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { drain, release: () => release(), base };
}

function get(url: string): Promise<{ status: number; connection: string | undefined; body: string; socket: Socket }> {
  return new Promise((resolve, reject) => {
    let socket: Socket;
    const request = http.get(url, { agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body, socket }));
    });
    request.once('socket', (opened: Socket) => {
      socket = opened;
    });
    request.on('error', reject);
  });
}

const closed = (socket: Socket) =>
  socket.destroyed ? Promise.resolve() : new Promise<void>((resolve) => socket.once('close', () => resolve()));

describe('ConnectionDrain', () => {
  it('keeps connections alive until draining, then has every answer close its own', async () => {
    const { drain, base } = await start();
    const before = await get(`${base}/fast`);
    expect(before.connection).toBe('keep-alive');
    const draining = drain.begin(50);
    const during = await get(`${base}/fast`);
    // The kept-alive connection was used once more, and closed by that answer.
    expect(during.socket).toBe(before.socket);
    expect(during.status).toBe(200);
    expect(during.connection).toBe('close');
    await closed(during.socket);
    await draining;
  });

  it('closes the connection of a request that was in flight when draining began, once answered', async () => {
    const { drain, release, base } = await start();
    const slow = get(`${base}/slow`);
    await new Promise<void>((resolve) => app.server.once('request', () => resolve()));
    const draining = drain.begin(50);
    release();
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(answer.connection).toBe('close');
    await closed(answer.socket);
    await draining;
  });

  it('ends a connection whose answer had begun before draining once the answer is out', async () => {
    const { drain, release, base } = await start();
    const trickle = get(`${base}/trickle`);
    await new Promise<void>((resolve) => app.server.once('request', () => resolve()));
    const draining = drain.begin(50);
    release();
    const answer = await trickle;
    expect(answer.body).toBe('first last');
    expect(answer.connection).toBe('keep-alive');
    await closed(answer.socket);
    await draining;
  });
});
