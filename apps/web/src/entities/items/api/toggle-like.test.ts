import { describe, expect, it } from 'vitest';
import { itemCacheHarness } from './test-harness.ts';
import { toggleLikeMutation } from './toggle-like.ts';

describe('a like', () => {
  const cache = itemCacheHarness();

  it('shows on every copy and the server settles the count', async () => {
    cache.respond(200, { is_liked: true, likes_count: 4 });
    await cache.run(toggleLikeMutation(cache.queryClient), 1);
    for (const copy of cache.copiesOfOne()) expect(copy).toMatchObject({ is_liked: true, likes_count: 4 });
  });

  it('the server refuses is put back on every copy', async () => {
    cache.respond(500, { message: 'Something went wrong.' });
    await expect(cache.run(toggleLikeMutation(cache.queryClient), 1)).rejects.toMatchObject({ status: 500 });
    for (const copy of cache.copiesOfOne()) expect(copy).toMatchObject({ is_liked: false, likes_count: 0 });
  });
});
