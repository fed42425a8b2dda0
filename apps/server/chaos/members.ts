import { randomUUID } from 'node:crypto';
import type { PostgresCluster } from './postgres-cluster.ts';

export interface ChaosMember {
  id: string;
  email: string;
  token: string;
}

export const CHAOS_PASSWORD = 'Saddle#2026';

/** Signs a member up through a process's HTTP API. */
export async function signUp(baseUrl: string, name: string): Promise<ChaosMember> {
  const email = `${name.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
  const answer = await fetch(`${baseUrl}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      first_name: 'Chaos',
      last_name: name,
      email,
      password: CHAOS_PASSWORD,
    }),
  });
  if (answer.status !== 200) throw new Error(`sign-up failed: ${answer.status} ${await answer.text()}`);
  const { user } = (await answer.json()) as { user: { id: string; api_token: string } };
  return { id: user.id, email, token: user.api_token };
}

/** Marks every member of the database onboarded with a verified phone of their own (the setup steps). */
export async function completeEverySetup(cluster: PostgresCluster, database: string): Promise<void> {
  await cluster.query(
    `update users u set is_onboard = true, phone_number_verified = true,
       phone_number = '+1555' || lpad(n.rank::text, 7, '0')
     from (select id, row_number() over (order by id) as rank from users) n where n.id = u.id`,
    database,
  );
}

/** A text post by the member through a process's multipart endpoint; answers its id. */
export async function createTextPost(baseUrl: string, member: ChaosMember, title: string): Promise<number> {
  const form = new FormData();
  form.append('title', title);
  const answer = await fetch(`${baseUrl}/api/posts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${member.token}` },
    body: form,
  });
  if (answer.status !== 200) throw new Error(`posting failed: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { data: { id: number } }).data.id;
}
