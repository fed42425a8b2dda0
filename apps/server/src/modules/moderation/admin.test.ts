import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { MODERATION_LIMITS, MODERATION_MESSAGES } from '@corral/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpMember } from '../../../test/factories.ts';
import { call, type Member, setUpStaff } from '../../../test/fixtures/moderation.fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createThrowawayDatabase } from '../../../test/throwaway-database.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { selectRows } from '../../db/sql.ts';

/*
 * What admins alone do (ADR 028): the audit log (append-only), members and roles; and the first admin made on
 * the command line, `npm run corral -- grant`.
 */

let t: TestApp;
let admin: Member;
beforeAll(async () => {
  t = await createTestApp();
  admin = await setUpStaff(t.app, 'admin');
});
afterAll(() => t.close());

const putRole = (who: Member, id: string, role: string) =>
  call(t.app, 'PUT', `/api/moderation/members/${id}/role/${role}`, who.token);

describe('roles', () => {
  it('gives a role by its path, with an audit entry; the member then reaches the queue', async () => {
    const member = await setUpMember(t.app, { first_name: 'Rosa', last_name: 'Wrangler' });
    expect((await call(t.app, 'GET', '/api/moderation/reports', member.token)).statusCode).toBe(404);
    const given = await putRole(admin, member.user.id, 'moderator');
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toEqual({
      data: {
        id: member.user.id,
        first_name: 'Rosa',
        last_name: 'Wrangler',
        avatar: null,
        email: member.email,
        role: 'moderator',
      },
    });
    expect((await call(t.app, 'GET', '/api/moderation/reports', member.token)).statusCode).toBe(200);
    const [entry] = (await call(t.app, 'GET', '/api/moderation/audit', admin.token)).json().data;
    expect(entry).toMatchObject({
      action: 'grant_role',
      role: 'moderator',
      actor: { id: admin.user.id, name: 'Ada Staff' },
      subject: { id: member.user.id, name: 'Rosa Wrangler' },
      target_type: 'user',
      target_id: member.user.id,
    });
    // Taken back: a member again, at once.
    expect((await putRole(admin, member.user.id, 'member')).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/moderation/reports', member.token)).statusCode).toBe(404);
  });

  it('refuses one’s own role (400), an unknown member (404) and an unknown role (422)', async () => {
    const own = await putRole(admin, admin.user.id, 'member');
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(MODERATION_MESSAGES.cannotChangeOwnRole);
    expect((await putRole(admin, 'no-such-member', 'moderator')).statusCode).toBe(404);
    const member = await setUpMember(t.app);
    expect((await putRole(admin, member.user.id, 'owner')).statusCode).toBe(422);
    const [row] = await selectRows<{ role: string }>(t.ctx.db, sql`select role from users where id = ${admin.user.id}`);
    expect(row?.role).toBe('admin');
  });

  it('lists the staff, or members by name or email', async () => {
    const moderator = await setUpStaff(t.app, 'moderator');
    const member = await setUpMember(t.app, { first_name: 'Zeke', last_name: 'Findme' });
    const staff = (await call(t.app, 'GET', '/api/moderation/members', admin.token)).json().data;
    expect(staff.map((m: { id: string }) => m.id)).toEqual(expect.arrayContaining([admin.user.id, moderator.user.id]));
    expect(staff.every((m: { role: string }) => m.role !== 'member')).toBe(true);
    expect(staff[0].role).toBe('admin');
    for (const q of ['findme', member.email.slice(0, 12)]) {
      const found = (
        await call(t.app, 'GET', `/api/moderation/members?q=${encodeURIComponent(q)}`, admin.token)
      ).json();
      expect(found.data).toEqual([expect.objectContaining({ id: member.user.id, role: 'member' })]);
    }
    const wildcard = (await call(t.app, 'GET', '/api/moderation/members?q=%25', admin.token)).json();
    expect(wildcard.data).toEqual([]);
  });
});

describe('the audit log', () => {
  it('pages newest first', async () => {
    const member = await setUpMember(t.app);
    const roles = ['moderator', 'member'] as const;
    for (let i = 0; i < MODERATION_LIMITS.auditPageSize + 5; i += 1)
      expect((await putRole(admin, member.user.id, roles[i % 2] ?? 'member')).statusCode).toBe(200);
    const first = (await call(t.app, 'GET', '/api/moderation/audit', admin.token)).json();
    expect(first.data).toHaveLength(MODERATION_LIMITS.auditPageSize);
    expect(first.data[0]).toMatchObject({ role: 'moderator' });
    const second = (
      await call(t.app, 'GET', `/api/moderation/audit?cursor=${encodeURIComponent(first.next_cursor)}`, admin.token)
    ).json();
    const ids = [...first.data, ...second.data].map((entry: { id: number }) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('cannot be changed, deleted or emptied, not even by the app’s own connection', async () => {
    const [entry] = await selectRows<{ id: string }>(t.ctx.db, sql`select id from moderation_actions limit 1`);
    expect(entry).toBeDefined();
    await expect(
      t.ctx.db.execute(sql`update moderation_actions set reason = 'rewritten' where id = ${entry?.id}`),
    ).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`delete from moderation_actions where id = ${entry?.id}`)).rejects.toThrow();
    // TRUNCATE fires no row trigger: a statement trigger of its own refuses it (migration 0013).
    await expect(t.ctx.db.execute(sql`truncate moderation_actions`)).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/append-only/) },
    });
    const [kept] = await selectRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from moderation_actions where id = ${entry?.id} and reason <> 'rewritten'`,
    );
    expect(kept?.n).toBe(1);
  });
});

describe('npm run corral -- grant', () => {
  const SERVER_DIR = path.resolve(import.meta.dirname, '../../..');
  const run = promisify(execFile);
  let dataDir: string;
  let env: Record<string, string>;
  let drop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'corral-grant-test-'));
    const database = process.env.DATABASE_URL ? await createThrowawayDatabase(process.env.DATABASE_URL) : undefined;
    if (database) drop = () => database.drop();
    env = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      REDIS_URL: '',
      PUBLIC_URL: 'http://corral.test',
      AUTH_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_SCALE: '100',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    };
  });
  afterAll(async () => {
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** The operators' command line, as they run it (a child process), on this data directory or database. */
  const corral = (args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
      cwd: SERVER_DIR,
      env: { ...process.env, ...env },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  it('makes the first admin, with an audit entry by the command line; refuses unknown emails and roles', async () => {
    let app = await buildApp(loadConfig(env), { logger: false });
    await app.ready();
    const member = await setUpMember(app, { first_name: 'First', last_name: 'Admin' });
    // The embedded database is one process's: the command runs while the server is stopped (PostgreSQL: live).
    if (!process.env.DATABASE_URL) await app.close();

    const granted = await corral(['grant', member.email.toUpperCase(), 'admin']);
    expect(granted, granted.stderr).toMatchObject({ code: 0 });
    expect(granted.stdout).toContain(`First Admin <${member.email}> is now admin (was member)`);
    // Again: nothing changes, and the audit log below holds one entry.
    const again = await corral(['grant', member.email, 'admin']);
    expect(again.stdout).toContain(`First Admin <${member.email}> already was admin`);
    const unknown = await corral(['grant', 'nobody@example.com', 'admin']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No member has the email address nobody@example.com');
    const badRole = await corral(['grant', member.email, 'owner']);
    expect(badRole.code).toBe(2);
    expect(badRole.stderr).toContain('the role must be one of member, moderator, admin');

    if (!process.env.DATABASE_URL) {
      app = await buildApp(loadConfig(env), { logger: false });
      await app.ready();
    }
    try {
      const login = await call(app, 'POST', '/api/login', null, { email: member.email, password: member.password });
      const token = login.json().user.api_token as string;
      const audit = await call(app, 'GET', '/api/moderation/audit', token);
      expect(audit.statusCode).toBe(200);
      expect(audit.json().data).toEqual([
        expect.objectContaining({
          action: 'grant_role',
          role: 'admin',
          actor: { id: null, name: 'command line' },
          subject: { id: member.user.id, name: 'First Admin' },
        }),
      ]);
    } finally {
      await app.close();
    }
  });
});
