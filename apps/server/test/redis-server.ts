import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.ts';

/** Whether something accepts connections on the port now. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitFor(condition: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A redis-server of the test's own, on a free port in a temporary directory, keeping nothing on disk, so a
 * test can stop it and start it again on the same port without touching the machine's shared Redis.
 */
export class RedisServer {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();

  private constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async start(): Promise<RedisServer> {
    const server = new RedisServer(await freePort(), await mkdtemp(path.join(tmpdir(), 'corral-redis-')));
    await server.resume();
    return server;
  }

  /** Starts it (again) on its port, waiting until it accepts connections. */
  async resume(): Promise<void> {
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.dir],
      { stdio: 'ignore' },
    );
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    await waitFor(() => listening(this.port), `redis-server did not listen on ${this.port}`);
  }

  /** Stops it at once (as a crash or `SHUTDOWN NOSAVE` would), waiting until the port is free. */
  async stop(): Promise<void> {
    this.wake();
    this.child?.kill('SIGKILL');
    await this.exited;
    await waitFor(async () => !(await listening(this.port)), `port ${this.port} was still taken`);
  }

  /** Freezes it (SIGSTOP): connections stay open and nothing is answered, as a hung server. */
  hang(): void {
    this.child?.kill('SIGSTOP');
  }

  /** Lets a hung server go on (SIGCONT): it answers everything it was sent meanwhile. */
  wake(): void {
    this.child?.kill('SIGCONT');
  }

  /** Stops it and removes its directory. */
  async remove(): Promise<void> {
    await this.stop();
    await rm(this.dir, { recursive: true, force: true });
  }
}
