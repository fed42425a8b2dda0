import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerProcess } from '../test/server-process.ts';
import { CHAOS_PASSWORD, type ChaosMember, completeEverySetup, createTextPost, signUp } from './members.ts';
import { PostgresCluster, waitUntil } from './postgres-cluster.ts';

/**
 * PostgreSQL's postmaster killed with kill -9 while members comment through two server processes, then
 * started again (crash recovery): no comment the API acknowledged is lost, the post's counter equals its
 * rows, both processes stay up and serve again by themselves, and meanwhile answer 503 with Retry-After.
 */
const WRITES = 500;
const WORKERS = 50;
const MEMBERS = 20;
/** Acknowledged writes before the kill, so that it lands among writes in flight. */
const KILL_AFTER = 150;
const DATABASE = 'corral_chaos';

let cluster: PostgresCluster;
let processes: ServerProcess[] = [];

beforeAll(async () => {
  cluster = await PostgresCluster.create();
  const url = await cluster.createDatabase(DATABASE);
  processes = [
    await ServerProcess.start({ env: { DATABASE_URL: url } }),
    await ServerProcess.start({ env: { DATABASE_URL: url } }),
  ];
  await Promise.all(processes.map((each) => each.ready()));
});

afterAll(async () => {
  await Promise.all(processes.map((each) => each.stop()));
  await cluster?.destroy();
});

interface Answer {
  status: number;
  retryAfter: string | null;
  commentId?: number;
}

/** One comment through a process; a refused connection (the process gone) answers status 0. */
async function comment(server: ServerProcess, member: ChaosMember, postId: number, text: string): Promise<Answer> {
  const answer = await fetch(`${server.url}/api/posts/${postId}/comments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  }).catch(() => undefined);
  if (!answer) return { status: 0, retryAfter: null };
  const body = (await answer.json().catch(() => ({}))) as { data?: { id: number } };
  return { status: answer.status, retryAfter: answer.headers.get('retry-after'), commentId: body.data?.id };
}

/** Reads the post through a process: 200 once that process serves from the database again. */
async function readPost(server: ServerProcess, member: ChaosMember, postId: number): Promise<Answer> {
  const answer = await fetch(`${server.url}/api/posts/${postId}`, {
    headers: { authorization: `Bearer ${member.token}` },
  }).catch(() => undefined);
  await answer?.arrayBuffer();
  return { status: answer?.status ?? 0, retryAfter: answer?.headers.get('retry-after') ?? null };
}

/** Signs the member in through a process: 503 (never 401) while the database is gone. */
async function logIn(server: ServerProcess, member: ChaosMember): Promise<Answer> {
  const answer = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: member.email, password: CHAOS_PASSWORD }),
  }).catch(() => undefined);
  await answer?.arrayBuffer();
  return { status: answer?.status ?? 0, retryAfter: answer?.headers.get('retry-after') ?? null };
}

describe('kill -9 of the postmaster under writes through two processes', () => {
  it('loses no acknowledged write, keeps both processes up, answers 503 meanwhile and serves again', async () => {
    const [first, second] = processes as [ServerProcess, ServerProcess];
    const pids = processes.map((each) => each.pid);
    const author = await signUp(first.url, 'Author');
    const members = [author];
    for (let index = 1; index < MEMBERS; index++) members.push(await signUp(second.url, `Rider${index}`));
    await completeEverySetup(cluster, DATABASE);
    const postId = await createTextPost(first.url, author, 'Under fire');

    const answers: Answer[] = [];
    const acknowledged: { id: number; text: string }[] = [];
    let next = 0;
    // Each worker writes until its comment is acknowledged, as a client that retries after a 503 would; a
    // write refused after PostgreSQL committed it may then be in the table twice, which is allowed.
    const worker = async () => {
      for (let index = next++; index < WRITES; index = next++) {
        const server = index % 2 === 0 ? first : second;
        const member = members[index % MEMBERS] as ChaosMember;
        const text = `write ${index}`;
        for (;;) {
          const answer = await comment(server, member, postId, text);
          answers.push(answer);
          if (answer.status === 200 && answer.commentId) {
            acknowledged.push({ id: answer.commentId, text });
            break;
          }
          if (answer.status !== 503) return;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
    };
    const writing = Promise.all(Array.from({ length: WORKERS }, worker));

    await waitUntil(() => acknowledged.length >= KILL_AFTER, 120_000, `${KILL_AFTER} acknowledged writes`);
    await cluster.kill9();
    const acknowledgedBeforeKill = acknowledged.length;
    // With the postmaster and its backends gone, whatever needs the database answers 503 with Retry-After: a
    // member's read (the session cannot be read: not "signed out") and a sign-in (not "wrong password").
    const downAnswers = await Promise.all(
      processes.flatMap((each) => [readPost(each, author, postId), logIn(each, author)]),
    );
    answers.push(...downAnswers);
    for (const answer of downAnswers) {
      expect(answer.status).toBe(503);
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }

    await cluster.start();
    const back = Date.now();
    // Each process serves again by itself, within 15 s of PostgreSQL's return.
    const servesAgain = async (server: ServerProcess) => {
      const answer = await readPost(server, author, postId);
      answers.push(answer);
      return answer.status === 200;
    };
    for (const server of processes) await waitUntil(() => servesAgain(server), 15_000, 'serving again');
    const servingAfterMs = Date.now() - back;
    await writing;

    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(statuses).toContain(503);
    expect(answers.filter((answer) => answer.status === 503).every((answer) => Number(answer.retryAfter) > 0)).toBe(
      true,
    );
    expect(acknowledged).toHaveLength(WRITES);

    const rows = await cluster.query<{ id: string; text: string }>(
      `select id, text from comments where post_id = ${postId}`,
      DATABASE,
    );
    const stored = new Map(rows.map((row) => [Number(row.id), row.text]));
    expect(acknowledged.filter((write) => stored.get(write.id) !== write.text)).toEqual([]);
    const [post] = await cluster.query<{ comments_count: number }>(
      `select comments_count from posts where id = ${postId}`,
      DATABASE,
    );
    expect(post?.comments_count).toBe(rows.length);

    console.info(
      `acknowledged before the kill: ${acknowledgedBeforeKill}; answers: ${answers.length}, of them 503: ` +
        `${statuses.filter((status) => status === 503).length}; rows: ${rows.length} for ${WRITES} writes; ` +
        `both serving ${servingAfterMs} ms after PostgreSQL accepted connections again`,
    );
    // Nobody restarted them.
    expect(processes.map((each) => each.running)).toEqual([true, true]);
    expect(processes.map((each) => each.pid)).toEqual(pids);
  });
});
