import { feedback } from '../../db/schema.ts';
import type { Tx } from '../../db/sql.ts';

export async function insertFeedback(
  db: Tx,
  row: { userId: string; topic: 'help' | 'feedback' | 'contact'; message: string; email: string | null },
): Promise<void> {
  await db.insert(feedback).values(row);
}
