/**
 * The yardsticks of answer-bench.ts, in a process of their own (the same Node as the server): Fastify with
 * nothing else in it. `GET /bare/:viewer` answers a fixed JSON body (the viewer's timeline page as the server
 * wrote it); `GET /pg/:viewer` runs the statements the endpoint sent for that viewer's page (authentication
 * included) on a pg pool with the server's connection settings, as named prepared statements as the server
 * does, and answers the last one's rows with JSON.stringify.
 *
 *   node --import tsx bench/src/lib/reference-server.ts <port> <spec.json>
 */
import { readFile } from 'node:fs/promises';
import Fastify from 'fastify';
import pg from 'pg';
import { POSTGRES_SESSION_OPTIONS } from '../../../apps/server/src/db/client.ts';

export interface ReferenceSpec {
  databaseUrl: string;
  /** Per viewer: the body of `/bare/:viewer`. */
  bodies: Record<string, string>;
  /** Per viewer: the statements of `/pg/:viewer`, in the order the endpoint sent them. */
  statements: Record<string, { sql: string; params: unknown[] }[]>;
}

const [port, specFile] = process.argv.slice(2);
if (!port || !specFile) throw new Error('usage: reference-server.ts <port> <spec.json>');
const spec: ReferenceSpec = JSON.parse(await readFile(specFile, 'utf8'));
// The server's pool: 10 connections, JIT off, generic plans, no parallel workers (db/client.ts).
const pool = new pg.Pool({ connectionString: spec.databaseUrl, max: 10, options: POSTGRES_SESSION_OPTIONS });
const app = Fastify();

app.get<{ Params: { viewer: string } }>('/bare/:viewer', (request, reply) => {
  const body = spec.bodies[request.params.viewer];
  if (body === undefined) return reply.status(404).send();
  return reply.type('application/json; charset=utf-8').send(body);
});

app.get<{ Params: { viewer: string } }>('/pg/:viewer', async (request, reply) => {
  const statements = spec.statements[request.params.viewer];
  if (!statements) return reply.status(404).send();
  let rows: unknown[] = [];
  for (const [index, { sql, params }] of statements.entries()) {
    ({ rows } = await pool.query({ name: `${request.params.viewer}_${index}`, text: sql, values: params }));
  }
  return reply.type('application/json; charset=utf-8').send(JSON.stringify({ data: rows }));
});

app.get('/health', async () => ({ ok: true }));
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => pool.end());
});
