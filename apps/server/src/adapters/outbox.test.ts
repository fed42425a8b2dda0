import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { Outbox } from './outbox.ts';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('lists messages newest first, also those written within the same millisecond', async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'corral-outbox-'));
  const outbox = new Outbox(dir);
  // Back to back, many land in one millisecond: the order must come from the writes, not from chance.
  for (let n = 0; n < 40; n += 1)
    await outbox.add({ channel: 'sms', to: '+15555550100', subject: '', text: `code ${n}` });
  const texts = (await outbox.list()).map((message) => message.text);
  expect(texts).toEqual(Array.from({ length: 40 }, (_, n) => `code ${39 - n}`));
});
