import path from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { ROLES, type Role } from '@corral/contract';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { createBackup } from './ops/backup.ts';
import { grantRole } from './ops/grant-role.ts';
import { OpsError } from './ops/ops-error.ts';
import { restoreBackup } from './ops/restore.ts';
import { DEFAULT_KEEP_DAYS } from './ops/retention.ts';

/*
 * The operators' command line: `npm run corral -- <command> ...`. It reads the server's configuration from
 * the environment (config.ts), so it acts on the database and media the server would use. Each command is a
 * row of COMMANDS: its usage, what it does, and how it runs.
 */

interface Command {
  usage: string;
  /** How many positional arguments it takes. */
  arity: number;
  summary: string;
  options?: ParseArgsConfig['options'];
  run(config: Config, args: { positionals: string[]; values: Record<string, unknown> }): Promise<void>;
}

const COMMANDS: Record<string, Command> = {
  backup: {
    usage: `backup <dir> [--keep-days N]   (N defaults to ${DEFAULT_KEEP_DAYS})`,
    arity: 1,
    summary: 'writes a new timestamped backup under <dir>, then removes those older than N days',
    options: { 'keep-days': { type: 'string' } },
    async run(config, { positionals: [dir = ''], values }) {
      const keepDays = values['keep-days'] === undefined ? DEFAULT_KEEP_DAYS : Number(values['keep-days']);
      if (!Number.isInteger(keepDays) || keepDays < 1)
        throw new UsageError('--keep-days must be a whole number of days, at least 1');
      if (keepDays > DEFAULT_KEEP_DAYS)
        console.warn(
          `warning: keeping backups ${keepDays} days breaks the 90-day deletion policy (README, "Backup and restore")`,
        );
      const { folder, manifest, pruned } = await createBackup(config, operatorPath(dir), { keepDays });
      const rows = Object.values(manifest.database.rows).reduce((sum, n) => sum + n, 0);
      console.log(`backup written: ${folder}`);
      console.log(
        `  database: ${manifest.database.kind}, ${rows} rows in ${Object.keys(manifest.database.rows).length} tables`,
      );
      console.log(
        manifest.media.storage === 'disk'
          ? `  media: ${manifest.media.files} files, ${manifest.media.bytes} bytes`
          : `  media: left in the bucket ${manifest.media.bucket}`,
      );
      for (const old of pruned) console.log(`removed (older than ${keepDays} days): ${old}`);
    },
  },
  restore: {
    usage: 'restore <backup-folder> [--force]',
    arity: 1,
    summary: 'restores a backup into the configured database and media; --force replaces what they hold',
    options: { force: { type: 'boolean' } },
    async run(config, { positionals: [folder = ''], values }) {
      const result = await restoreBackup(config, operatorPath(folder), { force: values.force === true });
      console.log(`restored: the backup of ${result.manifest.createdAt}`);
      console.log(`  media files written: ${result.mediaRestored}`);
      for (const note of result.notes) console.log(`  ${note}`);
      console.log('Start the server: it migrates the database to this version if needed.');
    },
  },
  grant: {
    usage: `grant <email> <${ROLES.join('|')}>`,
    arity: 2,
    summary: 'gives the member with that email a role (the first admin is made so), with an audit log entry',
    async run(config, { positionals: [email = '', role = ''] }) {
      if (!(ROLES as readonly string[]).includes(role))
        throw new UsageError(`the role must be one of ${ROLES.join(', ')}`);
      const result = await grantRole(config, email, role as Role);
      console.log(
        result.previous === result.role
          ? `${result.name} <${result.email}> already was ${result.role}`
          : `${result.name} <${result.email}> is now ${result.role} (was ${result.previous})`,
      );
    },
  },
};

class UsageError extends Error {}

/**
 * A path typed on the command line, from where the operator typed it. npm runs the script in apps/server (as
 * it runs the server, so a relative DATA_DIR means the same to both) and names the operator's directory in
 * INIT_CWD: the one variable read outside config.ts, because it is npm's, not a setting of the server.
 */
const operatorPath = (typed: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), typed);

function usage(): string {
  const lines = Object.values(COMMANDS).map((command) => `  ${command.usage}\n      ${command.summary}`);
  return `usage: npm run corral -- <command>\n${lines.join('\n')}`;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    console.error(name && name !== 'help' ? `unknown command: ${name}\n${usage()}` : usage());
    return name === 'help' ? 0 : 2;
  }
  try {
    const args = parseArgs({ args: rest, options: command.options ?? {}, allowPositionals: true, strict: true });
    if (args.positionals.length !== command.arity) throw new UsageError(`${name} takes ${command.arity} argument(s)`);
    await command.run(loadConfig(), args);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`${(error as Error).message}\n${usage()}`);
      return 2;
    }
    if (error instanceof ConfigError || error instanceof OpsError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await main(process.argv.slice(2));
