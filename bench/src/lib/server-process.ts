import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const REPOSITORY = path.join(import.meta.dirname, '../../..');
export const RESULTS_DIR = path.join(REPOSITORY, 'bench/results');

/**
 * The environment of a benchmarked server: the database given, no demo seed, quiet logs, and rate limits
 * scaled up (one client sends thousands of requests; refused when NODE_ENV=production).
 */
export function benchServerEnv(databaseUrl: string): Record<string, string> {
  return {
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '1000',
    DATA_DIR: path.join(RESULTS_DIR, 'data'),
    WEB_DIST_DIR: path.join(RESULTS_DIR, 'no-web'),
  };
}

/** Starts the real server (main.ts) in a process of its own, as in production, and waits for its health. */
export async function startServer(port: string, env: Record<string, string>): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPOSITORY,
    env: { ...process.env, ...env, PORT: port, HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  server.kill();
  throw new Error('the server did not start');
}

/** A process's resident memory (VmRSS), in KB. */
export async function rssKb(pid: number | undefined): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
}

/** A process's CPU time so far (user + system), in ms, from /proc/<pid>/stat. */
export async function cpuMs(pid: number | undefined): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command's closing parenthesis.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** The machine's CPU time so far, all cores, in clock ticks: busy and total (from the first line of /proc/stat). */
export async function machineCpu(): Promise<{ busy: number; total: number }> {
  const [, ...ticks] = (await readFile('/proc/stat', 'utf8')).split('\n')[0]?.trim().split(/\s+/) ?? [];
  const numbers = ticks.map(Number);
  const total = numbers.reduce((sum, n) => sum + n, 0);
  // idle and iowait are the 4th and 5th numbers.
  return { busy: total - (numbers[3] ?? 0) - (numbers[4] ?? 0), total };
}

/** Ends a server started by startServer and waits until it has exited (its port is free again). */
export async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}
