import { createConnection, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a real Redis that holds every chunk of Redis's answers for a random 300–600 ms
 * (keeping their order): a Redis on a busy machine as its clients meet it, slow but connected.
 */
export async function slowRedisProxy(target: { host: string; port: number }, delayMs = { min: 300, max: 600 }) {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = createConnection(target);
    sockets.add(client);
    sockets.add(upstream);
    let releaseAt = 0;
    client.pipe(upstream);
    upstream.on('data', (chunk: Buffer) => {
      const delay = delayMs.min + Math.random() * (delayMs.max - delayMs.min);
      releaseAt = Math.max(releaseAt, Date.now() + delay);
      setTimeout(() => client.writable && client.write(chunk), releaseAt - Date.now());
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `redis://127.0.0.1:${port}`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
