import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ServerProcessOptions {
  /** Environment on top of the test defaults (DATABASE_URL, REDIS_URL, REDIS_KEY_PREFIX …). */
  env: Record<string, string | undefined>;
  /** Listen on this port (a free one by default; pass the old one to restart a process in place). */
  port?: number;
  /** Reuse a data directory (a restart); a fresh temporary one by default, removed by stop(). */
  dataDir?: string;
}

/**
 * The real server (`src/main.ts`) in a child process, as an operator runs it: used by the tests that need
 * several processes (two-processes.test.ts, the chaos suite, the proxy check).
 */
export class ServerProcess {
  private child: ChildProcess | undefined;
  /** Everything the process wrote, stdout and stderr. */
  log = '';
  readonly url: string;
  private exit: Promise<number | null> | undefined;

  private constructor(
    readonly port: number,
    readonly dataDir: string,
    private readonly ownsDataDir: boolean,
    private readonly env: Record<string, string | undefined>,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  static async start(options: ServerProcessOptions): Promise<ServerProcess> {
    const port = options.port ?? (await freePort());
    const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'corral-process-')));
    const server = new ServerProcess(port, dataDir, !options.dataDir, options.env);
    server.spawn();
    return server;
  }

  private spawn(): void {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        PUBLIC_URL: 'http://corral.test',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_SCALE: '100',
        WEB_DIST_DIR: path.join(this.dataDir, 'no-web'),
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout?.on('data', (chunk) => {
      this.log += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      this.log += chunk;
    });
    this.exit = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  /** Whether the process is still running. */
  get running(): boolean {
    return this.child?.exitCode === null && this.child.signalCode === null;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Waits until `path` answers 2xx, failing at once if the process exits and after `timeoutMs`. */
  async ready(timeoutMs = 60_000, probe = '/api/health'): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!this.running) throw new Error(`the server process on ${this.port} exited:\n${this.log}`);
      const answer = await fetch(this.url + probe).catch(() => undefined);
      if (answer?.ok) return;
      if (Date.now() > deadline)
        throw new Error(`the server process on ${this.port} was not ready in ${timeoutMs} ms:\n${this.log}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Sends a signal and waits for the process to exit; answers its exit code. */
  async kill(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    if (this.running) this.child?.kill(signal);
    return (await this.exit) ?? null;
  }

  /** Starts the same server again on the same port and data directory (after kill). */
  async restart(): Promise<void> {
    if (this.running) await this.kill();
    this.spawn();
  }

  /** Stops the process and removes its data directory if it made it. */
  async stop(): Promise<void> {
    await this.kill();
    if (this.ownsDataDir) await rm(this.dataDir, { recursive: true, force: true });
  }
}
