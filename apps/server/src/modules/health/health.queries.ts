import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/sql.ts';

/** The cheapest statement there is: answers once the database does. */
export async function pingDatabase(db: Tx): Promise<void> {
  await db.execute(sql`select 1`);
}
