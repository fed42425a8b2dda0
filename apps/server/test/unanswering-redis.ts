import { createServer, type Socket } from 'node:net';

/** Whole commands at the start of `buffer` (RESP arrays of bulk strings, as clients send them), and the rest. */
function readCommands(buffer: string): { commands: string[][]; rest: string } {
  const commands: string[][] = [];
  let at = 0;
  for (;;) {
    const header = /^\*(\d+)\r\n/.exec(buffer.slice(at));
    if (!header) break;
    let position = at + header[0].length;
    const args: string[] = [];
    for (let i = 0; i < Number(header[1]); i += 1) {
      const length = /^\$(\d+)\r\n/.exec(buffer.slice(position));
      if (!length) break;
      const start = position + length[0].length;
      const end = start + Number(length[1]);
      if (buffer.length < end + 2) break;
      args.push(buffer.slice(start, end));
      position = end + 2;
    }
    if (args.length < Number(header[1])) break;
    commands.push(args);
    at = position;
  }
  return { commands, rest: buffer.slice(at) };
}

const INFO = '# Server\r\nredis_version:7.2.0\r\nloading:0\r\n';

/**
 * A Redis that takes the connection and its handshake (CLIENT, INFO: the client becomes ready) and then
 * never answers a command: a hung server as a client meets it. It counts the commands it was sent, by name.
 */
export async function unansweringRedis() {
  const sockets: Socket[] = [];
  const received: string[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
    socket.setEncoding('latin1');
    let buffer = '';
    socket.on('data', (chunk: string) => {
      const { commands, rest } = readCommands(buffer + chunk);
      buffer = rest;
      for (const [name = ''] of commands) {
        const command = name.toLowerCase();
        if (command === 'client') socket.write('+OK\r\n');
        else if (command === 'info') socket.write(`$${INFO.length}\r\n${INFO}\r\n`);
        else received.push(command);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `redis://127.0.0.1:${port}`,
    /** The commands after the handshake, in order (none of them answered). */
    received,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
