import {
  type createHorseRequestSchema,
  HAUL_LIMITS,
  HAUL_MESSAGES,
  type Horse,
  type updateHorseRequestSchema,
} from '@corral/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { selectRows } from '../../db/sql.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';

const M = HAUL_MESSAGES;
export type CreateHorse = z.output<typeof createHorseRequestSchema>;
export type UpdateHorse = z.output<typeof updateHorseRequestSchema>;

const horseNotFound = () => new AppError(404, M.horseNotFound);
const columns = sql`id, name, to_char(coggins_on, 'YYYY-MM-DD') as coggins_on,
  to_char(health_certificate_on, 'YYYY-MM-DD') as health_certificate_on`;
const toHorse = (row: Horse & { id: number | string }): Horse => ({ ...row, id: Number(row.id) });

/** Papers' dates are of tests done: none in the future (today in UTC is the latest). */
function checkDates(ctx: AppContext, input: { coggins_on?: string | null; health_certificate_on?: string | null }) {
  const today = new Date(ctx.clock.now()).toISOString().slice(0, 10);
  for (const field of ['coggins_on', 'health_certificate_on'] as const) {
    const value = input[field];
    if (value && value > today) throw new AppError(422, M.horseDateFuture, { [field]: [M.horseDateFuture] });
  }
}

export async function listHorses(ctx: AppContext, viewer: Viewer): Promise<Horse[]> {
  const rows = await selectRows<Horse>(
    ctx.db,
    sql`select ${columns} from horses where owner_id = ${viewer.user.id} order by lower(name), id`,
  );
  return rows.map(toHorse);
}

/** POST /me/horses: at most `horsesPerMember` (counted under a lock on the member's row). */
export async function createHorse(ctx: AppContext, viewer: Viewer, input: CreateHorse): Promise<Horse> {
  checkDates(ctx, input);
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from users where id = ${viewer.user.id} for update`);
    const [count] = await selectRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from horses where owner_id = ${viewer.user.id}`,
    );
    if ((count?.n ?? 0) >= HAUL_LIMITS.horsesPerMember) throw new AppError(409, M.tooManyHorses);
    const [row] = await selectRows<Horse>(
      tx,
      sql`insert into horses (owner_id, name, coggins_on, health_certificate_on)
        values (${viewer.user.id}, ${input.name}, ${input.coggins_on ?? null}, ${input.health_certificate_on ?? null})
        returning ${columns}`,
    );
    if (!row) throw horseNotFound();
    return toHorse(row);
  });
}

/** PATCH /me/horses/{id}: the owner's only (404 otherwise); a date given as null clears it. */
export async function updateHorse(ctx: AppContext, viewer: Viewer, id: number, input: UpdateHorse): Promise<Horse> {
  checkDates(ctx, input);
  const set = (field: 'coggins_on' | 'health_certificate_on') =>
    input[field] === undefined ? sql.raw(field) : sql`${input[field] ?? null}::date`;
  const [row] = await selectRows<Horse>(
    ctx.db,
    sql`update horses set name = coalesce(${input.name ?? null}, name), coggins_on = ${set('coggins_on')},
        health_certificate_on = ${set('health_certificate_on')}
      where id = ${id} and owner_id = ${viewer.user.id} returning ${columns}`,
  );
  if (!row) throw horseNotFound();
  return toHorse(row);
}

export async function deleteHorse(ctx: AppContext, viewer: Viewer, id: number): Promise<void> {
  const rows = await selectRows<{ id: string }>(
    ctx.db,
    sql`delete from horses where id = ${id} and owner_id = ${viewer.user.id} returning id`,
  );
  if (rows.length === 0) throw horseNotFound();
}
