import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OutboxMessage } from '@corral/contract';

/**
 * The dev outbox: every email and SMS the embedded default "sends" is written as one JSON file in
 * `<DATA_DIR>/outbox`, so that several server processes and the tests see the same messages.
 */
export class Outbox {
  /** Orders the messages one process writes within the same millisecond (two codes sent back to back). */
  private sequence = 0;

  constructor(private readonly dir: string) {}

  async add(message: Omit<OutboxMessage, 'created_at'>): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const createdAt = new Date().toISOString();
    this.sequence = (this.sequence + 1) % 1e9;
    const order = String(this.sequence).padStart(9, '0');
    const name = `${createdAt.replace(/[:.]/g, '-')}-${order}-${randomBytes(6).toString('hex')}.json`;
    await writeFile(path.join(this.dir, name), JSON.stringify({ ...message, created_at: createdAt }));
  }

  /** Newest first. */
  async list(): Promise<OutboxMessage[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return [];
    }
    const files = names
      .filter((name) => name.endsWith('.json'))
      .sort()
      .reverse();
    const messages = await Promise.all(
      files.map(async (name) => JSON.parse(await readFile(path.join(this.dir, name), 'utf8')) as OutboxMessage),
    );
    return messages;
  }
}
