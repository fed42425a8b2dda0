import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
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
    // Written whole under another name, then renamed: a reader (another process, the list below) never sees
    // half a file, since list() reads only names ending in .json.
    const file = path.join(this.dir, name);
    await writeFile(`${file}.tmp`, JSON.stringify({ ...message, created_at: createdAt }));
    await rename(`${file}.tmp`, file);
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
