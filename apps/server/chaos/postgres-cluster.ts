import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chown, mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../test/server-process.ts';

const run = promisify(execFile);

/**
 * A throwaway PostgreSQL cluster of the machine's PostgreSQL (the binaries `pg_config --bindir` names), so a
 * chaos case can kill and restart it without touching the shared one: its own temporary directory (owned by
 * the `postgres` user, as PostgreSQL refuses to run as root), a free port, its socket in that directory,
 * fsync on as in production. `destroy()` stops it and removes everything.
 */
export class PostgresCluster {
  private postmaster: { child: ChildProcess; exit: Promise<void> } | undefined;

  private constructor(
    private readonly bindir: string,
    private readonly root: string,
    readonly port: number,
  ) {}

  /** The cluster's `postgres` database as the `postgres` superuser (trust authentication on 127.0.0.1). */
  get url(): string {
    return this.urlOf('postgres');
  }

  private get dataDir(): string {
    return path.join(this.root, 'data');
  }

  static async create(): Promise<PostgresCluster> {
    const bindir = (await run('pg_config', ['--bindir'])).stdout.trim();
    const root = await mkdtemp(path.join(tmpdir(), 'corral-pg-'));
    const [uid, gid] = await Promise.all([idOf('-u'), idOf('-g')]);
    await chown(root, uid, gid);
    const cluster = new PostgresCluster(bindir, root, await freePort());
    // --no-sync only skips initdb's own final flush; the server runs with fsync on (the default).
    await cluster.asPostgres('initdb', ['-D', cluster.dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync']);
    await cluster.start();
    return cluster;
  }

  urlOf(database: string): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** Creates an empty database and answers its URL. */
  async createDatabase(name: string): Promise<string> {
    await this.query(`create database ${name}`);
    return this.urlOf(name);
  }

  /** Runs one statement on a connection of its own (the cluster's `postgres` database by default). */
  async query<Row extends pg.QueryResultRow>(text: string, database = 'postgres'): Promise<Row[]> {
    const client = new pg.Client({ connectionString: this.urlOf(database) });
    await client.connect();
    try {
      return (await client.query<Row>(text)).rows;
    } finally {
      await client.end();
    }
  }

  /**
   * Starts the postmaster and waits until it accepts connections (after a crash: once recovery is done).
   * It runs as a child of this process (through runuser, which waits for it), not daemonized by pg_ctl: a
   * killed daemon would wait as a zombie for whoever adopted it, and PostgreSQL takes a zombie's pid in
   * postmaster.pid for a running server.
   */
  async start(): Promise<void> {
    const log = await open(path.join(this.root, 'postgres.log'), 'a');
    const settings = ['-p', String(this.port), '-k', this.root, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=on'];
    const child = spawn(
      'runuser',
      ['-u', 'postgres', '--', path.join(this.bindir, 'postgres'), '-D', this.dataDir, ...settings],
      {
        cwd: this.root,
        stdio: ['ignore', log.fd, log.fd],
      },
    );
    await log.close();
    this.postmaster = { child, exit: new Promise((resolve) => child.once('exit', () => resolve())) };
    await waitUntil(() => this.answers(), 120_000, 'PostgreSQL to accept connections');
  }

  private get running(): boolean {
    return this.postmaster?.child.exitCode === null && this.postmaster.child.signalCode === null;
  }

  /** Whether the server answers a query now. */
  async answers(): Promise<boolean> {
    if (!this.running)
      throw new Error(`PostgreSQL exited:\n${await readFile(path.join(this.root, 'postgres.log'), 'utf8')}`);
    return this.query('select 1').then(
      () => true,
      () => false,
    );
  }

  /**
   * kill -9 of the postmaster, as a crash would: its backends, left without it, exit by themselves; this
   * waits until they all have, so that `start()` finds the shared memory free.
   */
  async kill9(): Promise<void> {
    const pid = await this.postmasterPid();
    const children = await childrenOf(pid);
    process.kill(pid, 'SIGKILL');
    await this.postmaster?.exit;
    const gone = async () => (await Promise.all([pid, ...children].map(isAlive))).every((alive) => !alive);
    await waitUntil(gone, 60_000, 'the backends to exit');
  }

  /** Stops the cluster at once and removes its directory. */
  async destroy(): Promise<void> {
    if (this.running) {
      // SIGQUIT: PostgreSQL's immediate shutdown.
      process.kill(await this.postmasterPid(), 'SIGQUIT');
      await this.postmaster?.exit;
    }
    await rm(this.root, { recursive: true, force: true });
  }

  /** The postmaster's pid: the first line of postmaster.pid. */
  private async postmasterPid(): Promise<number> {
    const text = await readFile(path.join(this.dataDir, 'postmaster.pid'), 'utf8');
    return Number(text.split('\n')[0]);
  }

  private async asPostgres(program: string, args: string[]): Promise<void> {
    await run('runuser', ['-u', 'postgres', '--', path.join(this.bindir, program), ...args], { cwd: this.root });
  }
}

async function idOf(flag: '-u' | '-g'): Promise<number> {
  return Number((await run('id', [flag, 'postgres'])).stdout.trim());
}

async function childrenOf(pid: number): Promise<number[]> {
  const { stdout } = await run('ps', ['-o', 'pid=', '--ppid', String(pid)]).catch(() => ({ stdout: '' }));
  return stdout
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((each) => each > 0);
}

/** Whether a process runs; a zombie (dead, not yet reaped by whoever adopted it) counts as gone. */
async function isAlive(pid: number): Promise<boolean> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return status !== '' && !/^State:\s+Z/m.test(status);
}

/** Polls `condition` every 50 ms until it holds, failing after `timeoutMs`. */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
