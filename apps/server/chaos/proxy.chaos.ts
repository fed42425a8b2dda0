import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, ServerProcess } from '../test/server-process.ts';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../test/throwaway-database.ts';

/**
 * deploy/nginx/corral.conf, rendered by deploy/nginx/render.sh, in front of three real server processes on the
 * machine's PostgreSQL (a throwaway database) and Redis (a key prefix of its own): a member's journey through
 * the proxy, one process killed under load, then each process restarted in turn under load with open streams.
 * Every request is sent from 127.0.0.2, so that the address the processes see tells the forwarded client
 * address (127.0.0.2) from nginx's own (127.0.0.1).
 */

const REPO = path.resolve(import.meta.dirname, '../../..');
const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'].find((file) =>
  existsSync(file),
);
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const WEB_DIST = path.join(REPO, 'apps/web/dist');
const CLIENT_ADDRESS = '127.0.0.2';
const PROCESSES = 3;
const run = promisify(execFile);

if (!NGINX) console.warn('proxy.chaos.ts skipped: no nginx binary (apt-get install nginx)');

// ---------------------------------------------------------------------------------------------------------
// An HTTP client that speaks from CLIENT_ADDRESS, over keep-alive connections, and leaves bodies as sent.

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const agent = new http.Agent({ keepAlive: true, localAddress: CLIENT_ADDRESS, maxSockets: 64 });

function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: options.method ?? 'GET', headers: options.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

/** The JSON of an answer, gunzipped if nginx compressed it. */
function jsonOf<T>(answer: Answer): T {
  const body = answer.headers['content-encoding'] === 'gzip' ? gunzipSync(answer.body) : answer.body;
  return JSON.parse(body.toString('utf8')) as T;
}

/** A JSON request to the API through `base`, accepting gzip; throws unless it answers 200. */
async function api<T>(base: string, method: string, route: string, token?: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { 'accept-encoding': 'gzip' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const answer = await send(`${base}/api${route}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (answer.status !== 200) throw new Error(`${method} ${route}: ${answer.status} ${answer.body.toString()}`);
  return jsonOf<T>(answer);
}

/** A multipart post form (a title, no photo) as bytes, with its content type. */
async function postForm(title: string): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  form.append('title', title);
  const request = new Request('http://corral.test/api/posts', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' };
}

/** Posts a text post through the real multipart endpoint; answers its id. */
async function createPost(base: string, token: string, title: string): Promise<string> {
  const form = await postForm(title);
  const posted = await send(`${base}/api/posts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType },
    body: form.body,
  });
  if (posted.status !== 200) throw new Error(`POST /posts: ${posted.status} ${posted.body}`);
  return jsonOf<{ data: { id: string } }>(posted).data.id;
}

/** Waits for `condition`, checking every 50 ms, failing with `what` after `timeoutMs`. */
async function waitFor(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// ---------------------------------------------------------------------------------------------------------
// The services.

/** nginx with the rendered deploy/nginx/corral.conf, in a directory of its own, in the foreground. */
async function startNginx(upstreams: string[]) {
  const dir = await mkdtemp(path.join(tmpdir(), 'corral-nginx-'));
  // nginx's workers drop root for `nobody`, who must reach the temp paths nginx makes here.
  await chmod(dir, 0o755);
  const port = await freePort();
  const render = path.join(REPO, 'deploy/nginx/render.sh');
  const { stdout: site } = await run(render, [`127.0.0.1:${port}`, ...upstreams]);
  await writeFile(path.join(dir, 'corral.conf'), site);
  await writeFile(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  default_type application/octet-stream;
  include ${dir}/corral.conf;
}
`,
  );
  let output = '';
  const child: ChildProcess = spawn(
    NGINX as string,
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', `daemon off; pid ${dir}/nginx.pid;`],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`nginx on ${port}`, async () => {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output}`);
    return (await send(`${url}/api/health/live`).catch(() => undefined)) !== undefined;
  });
  const failTimeout = /fail_timeout=(\d+)s/.exec(site)?.[1];
  if (!failTimeout) throw new Error(`no fail_timeout in the rendered site:\n${site}`);
  return {
    url,
    /** How long nginx leaves out a process that failed a request: a restarted one may stay out that long. */
    failTimeoutMs: Number(failTimeout) * 1000,
    /** What nginx logged of its upstreams (each a request it moved to another process, or a process left out). */
    async upstreamTrouble(): Promise<Record<string, number>> {
      const log = await readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '');
      const kinds: Record<string, number> = {};
      for (const line of log.split('\n')) {
        const kind = /\*\d+ (.+?), client:/.exec(line)?.[1];
        if (kind) kinds[kind] = (kinds[kind] ?? 0) + 1;
      }
      return kinds;
    },
    async stop() {
      child.kill('SIGQUIT');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Load and streams.

interface LoadRoute {
  path: string;
  token?: string;
  /** POST a new text post (multipart) instead of a GET. */
  post?: true;
}

/** Clients sending requests in a loop until stopped; every answer but a 200 is a failure. */
class Load {
  sent = 0;
  readonly failures: string[] = [];
  #running = true;
  readonly #workers: Promise<void>[];

  constructor(base: string, clients: number, routes: LoadRoute[]) {
    this.#workers = Array.from({ length: clients }, (_, client) => this.#work(base, routes, client));
  }

  async #work(base: string, routes: LoadRoute[], client: number): Promise<void> {
    for (let turn = client; this.#running; turn += 1) {
      const route = routes[turn % routes.length] as LoadRoute;
      const headers: Record<string, string> = route.token ? { authorization: `Bearer ${route.token}` } : {};
      const form = route.post ? await postForm(`Posted under load ${turn}`) : undefined;
      if (form) headers['content-type'] = form.contentType;
      try {
        const answer = await send(`${base}${route.path}`, { method: form ? 'POST' : 'GET', headers, body: form?.body });
        if (answer.status !== 200) this.failures.push(`${route.path}: ${answer.status} ${answer.body}`);
      } catch (error) {
        this.failures.push(`${route.path}: ${(error as Error).message}`);
      }
      this.sent += 1;
    }
  }

  /** Waits until `more` requests beyond those sent so far have been answered. */
  async another(more: number): Promise<void> {
    const target = this.sent + more;
    await waitFor(`${more} more requests`, () => this.sent >= target, 120_000);
  }

  async stop(): Promise<void> {
    this.#running = false;
    await Promise.all(this.#workers);
  }
}

interface StreamEvent {
  type: string;
  [key: string]: unknown;
}

/**
 * A stream kept open as a browser's EventSource keeps it: when the server ends it, it waits the last `retry:` the
 * server sent (a draining process sends one as the stream's last frame) and reconnects through the proxy with
 * Last-Event-ID. Counts what a test needs to know.
 */
class ResumingStream {
  connections = 0;
  refusals: string[] = [];
  /** Streams the server ended without a `retry:` hint as their last frame. */
  endingsWithoutHint = 0;
  /** `ready` events of a reconnection that said the stream resumed. */
  resumed = 0;
  readonly events: StreamEvent[] = [];
  open = false;
  #lastEventId: string | undefined;
  #closed = false;
  #request: http.ClientRequest | undefined;
  readonly #done: Promise<void>;

  constructor(
    private readonly base: string,
    private readonly token: string,
  ) {
    this.#done = this.#run();
  }

  get reconnections(): number {
    return Math.max(0, this.connections - 1);
  }

  async #run(): Promise<void> {
    while (!this.#closed) {
      const retryMs = await this.#connect().catch((error: Error) => {
        this.refusals.push(error.message);
        return 3_000;
      });
      if (!this.#closed) await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
  }

  /** One connection, until it ends; answers the retry delay the server asked for. */
  #connect(): Promise<number> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = { authorization: `Bearer ${this.token}`, 'accept-encoding': 'gzip' };
      if (this.#lastEventId) headers['last-event-id'] = this.#lastEventId;
      // A connection of its own (no agent): a stream holds its socket for as long as it lasts.
      const request = http.get(`${this.base}/api/stream`, { headers, localAddress: CLIENT_ADDRESS }, (res) => {
        if (res.statusCode !== 200 || res.headers['content-encoding']) {
          res.resume();
          reject(new Error(`stream answered ${res.statusCode} ${res.headers['content-encoding'] ?? ''}`));
          return;
        }
        this.connections += 1;
        this.open = true;
        let retryMs: number | undefined;
        let endedWithHint = false;
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const hint = this.#frame(frame);
            endedWithHint = hint !== undefined;
            retryMs = hint ?? retryMs;
          }
        });
        res.on('close', () => {
          this.open = false;
          if (!endedWithHint && !this.#closed) this.endingsWithoutHint += 1;
          resolve(retryMs ?? 3_000);
        });
      });
      request.on('error', (error) => {
        this.open = false;
        if (this.#closed) resolve(0);
        else reject(error);
      });
      this.#request = request;
    });
  }

  /** Reads one frame; answers its `retry:` if it has one. */
  #frame(frame: string): number | undefined {
    let retry: number | undefined;
    for (const line of frame.split('\n')) {
      if (line.startsWith('retry: ')) retry = Number(line.slice(7));
      else if (line.startsWith('id: ')) this.#lastEventId = line.slice(4);
      else if (line.startsWith('data: ')) {
        const event = JSON.parse(line.slice(6)) as StreamEvent;
        this.events.push(event);
        if (event.type === 'ready' && event.resumed === true) this.resumed += 1;
      }
    }
    return retry;
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#request?.destroy();
    await this.#done;
  }
}

// ---------------------------------------------------------------------------------------------------------

interface Member {
  id: string;
  token: string;
}

let phoneNumber = 1000 + Math.floor(Math.random() * 8000);

/** A member made the way the web app makes one: sign-up, onboarding, a phone verified by the SMS's code. */
async function newMember(base: string, firstName: string): Promise<Member> {
  const email = `${firstName.toLowerCase()}-${randomBytes(4).toString('hex')}@example.com`;
  const { user } = await api<{ user: { id: string; api_token: string } }>(base, 'POST', '/signup', undefined, {
    first_name: firstName,
    last_name: 'Proxy',
    email,
    password: 'Saddle#2026',
  });
  const token = user.api_token;
  const [eventTypes, associations] = await Promise.all([
    api<{ id: number }[]>(base, 'GET', '/setup/event-types'),
    api<{ id: number }[]>(base, 'GET', '/setup/associations'),
  ]);
  await api(base, 'POST', '/on-board', token, {
    age: '1994-04-04',
    gender: 'female',
    transport_id: 1,
    event_type_ids: [eventTypes[0]?.id],
    association_ids: [associations[0]?.id],
  });
  phoneNumber += 1;
  const phone = `(415) 555-${phoneNumber}`;
  await api(base, 'POST', '/contacts/send-verification-code', token, { original_phone: phone });
  let code: string | undefined;
  // The SMS leaves after the answer, into the outbox every process shares (one DATA_DIR).
  await waitFor(`the SMS to ${phone}`, async () => {
    // A read that meets a message being written answers 500 (the outbox writes in place): read again.
    const answer = await send(`${base}/api/dev/outbox`);
    if (answer.status !== 200) return false;
    const outbox = jsonOf<{ channel: string; to: string; text: string }[]>(answer);
    const sms = outbox.find((message) => message.channel === 'sms' && message.to === `+1415555${phoneNumber}`);
    code = sms ? /\b(\d{6})\b/.exec(sms.text)?.[1] : undefined;
    return Boolean(code);
  });
  await api(base, 'POST', '/contacts/validate-verification-code', token, { original_phone: phone, code });
  return { id: user.id, token };
}

const figures: Record<string, unknown> = {};

let proxy: Awaited<ReturnType<typeof startNginx>>;
let database: ThrowawayDatabase;
let dataDir: string;
const processes: ServerProcess[] = [];
let a: Member;
let b: Member;
let bPostId: string;

describe.skipIf(!NGINX)('nginx in front of three processes', () => {
  beforeAll(async () => {
    database = await createThrowawayDatabase(DATABASE_URL, 'corral_proxy');
    // One data directory for all three, as one disk (or a bucket) would be: the outbox, and the AUTH_SECRET.
    dataDir = await mkdtemp(path.join(tmpdir(), 'corral-proxy-'));
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL,
      REDIS_KEY_PREFIX: `corral-proxy:${randomBytes(6).toString('hex')}:`,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      TRUST_PROXY: '1',
      API_COMPRESSION: 'false',
      LOG_LEVEL: 'info',
      ...(existsSync(WEB_DIST) ? { WEB_DIST_DIR: WEB_DIST } : {}),
    };
    // One at a time: the first runs the migrations.
    for (let n = 0; n < PROCESSES; n += 1) {
      const server = await ServerProcess.start({ env, dataDir });
      processes.push(server);
      await server.ready(90_000, '/api/health/live');
    }
    proxy = await startNginx(processes.map((server) => `127.0.0.1:${server.port}`));
  }, 180_000);

  afterAll(async () => {
    agent.destroy();
    await proxy?.stop();
    for (const server of processes) await server.stop();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    console.log(`proxy figures: ${JSON.stringify(figures, null, 2)}`);
  }, 60_000);

  it("carries a member's journey: sign-up to a friend request arriving on a stream opened through it", async () => {
    a = await newMember(proxy.url, 'Avery');
    b = await newMember(proxy.url, 'Blake');
    const title = `Through nginx ${randomBytes(3).toString('hex')}`;
    await createPost(proxy.url, a.token, title);
    const feed = await api<unknown>(proxy.url, 'GET', '/home/timeline', a.token);
    expect(JSON.stringify(feed)).toContain(title);
    bPostId = await createPost(proxy.url, b.token, 'Blake rides');

    // The stream answers event by event while it stays open (unbuffered), never compressed.
    const stream = new ResumingStream(proxy.url, b.token);
    try {
      await waitFor('the ready event', () => stream.events.some((event) => event.type === 'ready'));
      expect(stream.open).toBe(true);
      await api(proxy.url, 'POST', '/friends/requests', a.token, { user_id: b.id });
      await waitFor('the friend request on the stream', () =>
        stream.events.some((event) => event.type === 'friend_request'),
      );
      expect(stream.open).toBe(true);
      expect(stream.refusals).toEqual([]);
    } finally {
      await stream.close();
    }
  });

  it('compresses JSON itself while the processes send it plain', async () => {
    // A timeline of a few posts: well over the 1 KiB from which the processes would compress their own.
    for (const n of [1, 2, 3]) await createPost(proxy.url, a.token, `Post ${n} of a timeline worth compressing`);
    const headers = { 'accept-encoding': 'gzip, br', authorization: `Bearer ${a.token}` };
    const direct = await send(`${processes[0]?.url}/api/home/timeline`, { headers });
    expect(direct.headers['content-encoding']).toBeUndefined();
    expect(direct.body.length).toBeGreaterThan(1024);
    const proxied = await send(`${proxy.url}/api/home/timeline`, { headers });
    expect(proxied.headers['content-encoding']).toBe('gzip');
    expect(jsonOf(proxied)).toEqual(JSON.parse(direct.body.toString()));
    figures.timelineBytes = { plain: direct.body.length, gzip: proxied.body.length };
  });

  it('has the processes see the client address nginx forwards, not one the client wrote', async () => {
    const marker = `/api/proxy-check-${randomBytes(4).toString('hex')}`;
    const answer = await send(`${proxy.url}${marker}`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(answer.status).toBe(404);
    let seen: string | undefined;
    await waitFor('the request in a process log', () => {
      const line = processes
        .flatMap((server) => server.log.split('\n'))
        .find((text) => text.includes(`"url":"${marker}"`));
      seen = line ? (JSON.parse(line) as { req: { remoteAddress: string } }).req.remoteAddress : undefined;
      return seen !== undefined;
    });
    expect(seen).toBe(CLIENT_ADDRESS);
  });

  it('passes hashed assets through with immutable caching', async (context) => {
    if (!existsSync(WEB_DIST)) {
      console.warn(`asset caching not checked: no built web app at ${WEB_DIST} (npm run build)`);
      context.skip();
    }
    const asset = (await readdir(path.join(WEB_DIST, 'assets'))).find((file) => /-[\w-]{8}\.js$/.test(file));
    const answer = await send(`${proxy.url}/assets/${asset}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['content-encoding']).toBe('br');
    const page = await send(`${proxy.url}/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  const routes = () => [
    { path: '/api/home/timeline', token: a.token },
    { path: `/api/users/${b.id}`, token: a.token },
    { path: '/api/health' },
    { path: '/api/home/timeline', token: b.token },
    { path: `/api/users/${a.id}`, token: b.token },
  ];

  it('loses no idempotent request when a process is killed under load', async () => {
    const load = new Load(proxy.url, 6, routes());
    const victim = processes[1] as ServerProcess;
    try {
      await load.another(300);
      await victim.kill('SIGKILL');
      // Long enough for nginx to meet the dead process on fresh and kept-alive connections alike.
      await load.another(1_500);
    } finally {
      await load.stop();
    }
    figures.kill = { requests: load.sent, failures: load.failures.length, nginx: await proxy.upstreamTrouble() };
    expect(load.failures).toEqual([]);
    await victim.restart();
    await victim.ready(90_000, '/api/health/ready');
    // Back in nginx's rotation before the next test stops another process (see restartDrained).
    await new Promise((resolve) => setTimeout(resolve, proxy.failTimeoutMs));
  });

  it('restarts every process in turn under load with open streams: nothing fails, every stream resumes', async () => {
    const streams = [a, a, a, b, b, b].map((member) => new ResumingStream(proxy.url, member.token));
    const load = new Load(proxy.url, 6, routes());
    // Posts are never retried by nginx: what the drain alone makes of them is reported, not asserted.
    const writes = new Load(proxy.url, 1, [{ path: '/api/posts', token: b.token, post: true }]);
    const restarts: { drainedMs: number; restartedMs: number }[] = [];
    try {
      await waitFor('every stream open', () => streams.every((stream) => stream.open));
      for (const server of processes) {
        await load.another(300);
        restarts.push(await restartDrained(server, b.token, proxy.failTimeoutMs));
        await waitFor('every stream open again', () => streams.every((stream) => stream.open), 60_000);
      }
      await load.another(300);
      await load.stop();
      await writes.stop();
      // Every stream still carries events: b's three hear of the like, a's three of the acceptance.
      await api(proxy.url, 'POST', `/posts/${bPostId}/like`, a.token);
      const requests = await api<{ data: { id: string }[] }>(proxy.url, 'GET', '/friends/requests', b.token);
      await api(proxy.url, 'POST', `/friends/requests/${requests.data[0]?.id}/accept`, b.token);
      await waitFor('an event on every stream after the restarts', () =>
        streams.every((stream) => stream.events.filter((event) => event.type === 'notification').length > 0),
      );
    } finally {
      await load.stop();
      await writes.stop();
      await Promise.all(streams.map((stream) => stream.close()));
    }
    const reconnections = streams.reduce((sum, stream) => sum + stream.reconnections, 0);
    const before = (figures.kill as { nginx?: Record<string, number> } | undefined)?.nginx ?? {};
    const after = await proxy.upstreamTrouble();
    figures.restarts = {
      nginx: Object.fromEntries(Object.entries(after).map(([kind, count]) => [kind, count - (before[kind] ?? 0)])),
      requests: load.sent,
      failures: load.failures.length,
      posts: writes.sent,
      failedPosts: writes.failures,
      msFromSigtermToExit: restarts.map((restart) => restart.drainedMs),
      msFromSigtermToReady: restarts.map((restart) => restart.restartedMs),
      reconnections,
      resumed: streams.reduce((sum, stream) => sum + stream.resumed, 0),
      streamRefusals: streams.flatMap((stream) => stream.refusals).length,
      streamEndingsWithoutHint: streams.reduce((sum, stream) => sum + stream.endingsWithoutHint, 0),
    };
    expect(load.failures).toEqual([]);
    expect(streams.flatMap((stream) => stream.refusals)).toEqual([]);
    expect(reconnections).toBeGreaterThan(0);
    for (const stream of streams) {
      expect(stream.resumed).toBe(stream.reconnections);
      expect(stream.endingsWithoutHint).toBe(0);
    }
  });
});

/**
 * SIGTERM with a slow request in flight: the request completes, the process exits cleanly, and starts again
 * on its port. Answers the milliseconds from SIGTERM to the exit and to ready again. Then waits nginx's
 * fail_timeout, as deploy/README.md's restart does: a request nginx sent while the process was starting
 * was refused and leaves it out that long, and stopping the next process meanwhile would leave one of three.
 */
async function restartDrained(
  server: ServerProcess,
  token: string,
  failTimeoutMs: number,
): Promise<{ drainedMs: number; restartedMs: number }> {
  const slow = await slowPostInFlight(server, token);
  const started = Date.now();
  const exited = server.kill('SIGTERM');
  await waitFor('the shutdown to begin', () => server.log.includes('"msg":"shutting down"'), 15_000);
  const answer = await slow.finish();
  expect(answer.status, answer.body.toString()).toBe(200);
  expect(await exited, noteworthy(server.log)).toBe(0);
  const drainedMs = Date.now() - started;
  server.log = '';
  await server.restart();
  await server.ready(90_000, '/api/health/ready');
  const restartedMs = Date.now() - started;
  await new Promise((resolve) => setTimeout(resolve, failTimeoutMs));
  return { drainedMs, restartedMs };
}

/** The log lines of a process above info (warnings, errors) and its shutdown lines. */
function noteworthy(log: string): string {
  return log
    .split('\n')
    .filter((line) => /"level":([4-6]\d)/.test(line) || line.includes('shutting down') || !line.startsWith('{'))
    .join('\n');
}

/**
 * A post sent straight to one process, its body cut in two: the first half goes now, and the request is in
 * flight once the process has logged it; finish() sends the rest and answers the process's answer.
 */
async function slowPostInFlight(server: ServerProcess, token: string) {
  const form = await postForm(`In flight ${randomBytes(3).toString('hex')}`);
  const half = Math.floor(form.body.length / 2);
  const logged = server.log.split('"method":"POST","url":"/api/posts"').length;
  let answered: Promise<Answer> = Promise.resolve({ status: 0, headers: {}, body: Buffer.alloc(0) });
  const request = http.request(`${server.url}/api/posts`, {
    method: 'POST',
    localAddress: CLIENT_ADDRESS,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': form.contentType,
      'content-length': String(form.body.length),
    },
  });
  answered = new Promise((resolve, reject) => {
    request.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
  });
  request.write(form.body.subarray(0, half));
  await waitFor(
    'the slow post to reach the process',
    () => server.log.split('"method":"POST","url":"/api/posts"').length > logged,
  );
  return {
    finish(): Promise<Answer> {
      request.end(form.body.subarray(half));
      return answered;
    },
  };
}
