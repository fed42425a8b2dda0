import type { PagedFeed } from '@corral/contract';
import { type InfiniteData, MutationObserver, type MutationOptions, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, vi } from 'vitest';
import { itemKeys } from '../../../lib/query-keys.ts';
import type { ItemResponse } from './item-cache.ts';
import { feed, item } from './test-items.ts';

/**
 * The item mutations run as useMutation runs them, against a real QueryClient and a stubbed network. Before
 * each test item 1 is cached on timeline page 1, inside a share there, on page 2, and as its own detail.
 */
export function itemCacheHarness() {
  const harness = {
    queryClient: new QueryClient(),
    answers: [] as Response[],
    run<T, V, R>(options: MutationOptions<T, Error, V, R>, variables: V) {
      return new MutationObserver(harness.queryClient, options).mutate(variables);
    },
    respond(status: number, body: unknown) {
      harness.answers.push(new Response(JSON.stringify(body), { status }));
    },
    timeline: () => harness.queryClient.getQueryData<InfiniteData<PagedFeed>>(itemKeys.timeline()),
    detail: (id: number) => harness.queryClient.getQueryData<ItemResponse>(itemKeys.detail(id))?.data,
    /** Item 1 wherever it is cached. */
    copiesOfOne: () => [
      ...(harness.timeline()?.pages ?? [])
        .flatMap((page) => page.data)
        .flatMap((entry) => [entry, entry.shared_item])
        .filter((entry) => entry?.id === 1),
      harness.detail(1),
    ],
  };

  beforeEach(() => {
    harness.answers = [];
    harness.queryClient = new QueryClient();
    vi.stubGlobal('localStorage', { getItem: () => 'token' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => harness.answers.shift() ?? new Response('{}', { status: 500 })),
    );
    const original = item(1);
    harness.queryClient.setQueryData(
      itemKeys.timeline(),
      feed([original, item(5, { type: '2', shared_item: original })], [original]),
    );
    harness.queryClient.setQueryData<ItemResponse>(itemKeys.detail(1), { data: original });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  return harness;
}
