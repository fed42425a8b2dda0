import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { OpsError } from './ops-error.ts';

const run = promisify(execFile);

type Tool = 'pg_dump' | 'pg_restore';

const answers = (program: string) =>
  run(program, ['--version']).then(
    () => true,
    () => false,
  );

/**
 * A PostgreSQL client program: the one on PATH, else the one in `pg_config --bindir`. Its version must be at
 * least the server's; pg_dump refuses with a message of its own when it is not.
 */
export async function findPostgresTool(name: Tool): Promise<string> {
  if (await answers(name)) return name;
  const bindir = await run('pg_config', ['--bindir']).then(
    ({ stdout }) => stdout.trim(),
    () => null,
  );
  const program = bindir ? path.join(bindir, name) : null;
  if (program && (await answers(program))) return program;
  throw new OpsError(`${name} was found neither on PATH nor in pg_config --bindir: install PostgreSQL's client tools`);
}

/**
 * Runs a PostgreSQL client program on the database of `databaseUrl`; a failure becomes an OpsError carrying the
 * program's own message. The password travels in the program's environment (PGPASSWORD), not on its command
 * line, where `ps` would show it to every user of the machine.
 */
export async function runPostgresTool(name: Tool, databaseUrl: string, args: string[]): Promise<void> {
  const program = await findPostgresTool(name);
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  try {
    await run(program, [...args, `--dbname=${url}`], {
      maxBuffer: 16 * 1024 * 1024,
      ...(password ? { env: { ...process.env, PGPASSWORD: password } } : {}),
    });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new OpsError(`${name} failed: ${stderr || (error as Error).message}`);
  }
}
