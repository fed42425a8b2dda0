import type { FeedItem } from '@corral/contract';
import { describe, expect, it } from 'vitest';
import { hasCard } from './item-kinds.ts';

describe('profile items', () => {
  it("have a card for the feed's six types, and none for a type this version does not know", () => {
    for (const type of ['1', '2', '3', '4', '5', '6']) expect(hasCard({ type } as FeedItem)).toBe(true);
    for (const type of ['7', '', 'post', '01']) expect(hasCard({ type } as unknown as FeedItem)).toBe(false);
  });
});
