import { describe, expect, it } from 'vitest';
import { STREAM_EVENT_TYPES } from './notifications.constants.ts';
import { streamEventSchema } from './notifications.ts';

describe('the live stream’s event kinds', () => {
  it('the zod-free list names every kind of the schema, and only those', () => {
    const kinds = streamEventSchema.options.map((option) => option.shape.type.value);
    expect([...STREAM_EVENT_TYPES].sort()).toEqual([...kinds].sort());
  });
});
