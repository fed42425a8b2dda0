import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkGroups, findChunkCycle, type ModuleGraph, planAreas } from './chunk-plan.ts';

const SRC = path.join('/repo', 'apps', 'web', 'src');
const CONTRACT = '/repo/packages/contract/src/index.ts';
const EVENTSOURCE = '/repo/node_modules/eventsource/dist/index.js';
const at = (name: string) => path.join(SRC, name);

/** A small app: both layouts, a public page with a lazy dialog, a member page, and the site script. */
function graphOf(edges: Record<string, { imports?: string[]; lazy?: string[] }>): ModuleGraph {
  const dynamicImporters = new Map<string, string[]>();
  for (const [id, { lazy = [] }] of Object.entries(edges))
    for (const target of lazy) dynamicImporters.set(target, [...(dynamicImporters.get(target) ?? []), id]);
  return {
    getModuleInfo: (id) => ({
      importedIds: edges[id]?.imports ?? [],
      dynamicallyImportedIds: edges[id]?.lazy ?? [],
      dynamicImporters: dynamicImporters.get(id) ?? [],
    }),
  };
}

const app = {
  [at('main.tsx')]: { imports: [at('app/routes.tsx'), at('lib/api-client.ts')] },
  [at('lib/api-client.ts')]: { imports: [at('lib/storage-keys.ts'), CONTRACT] },
  [at('site/main.ts')]: { imports: [at('lib/storage-keys.ts')] },
  [at('app/routes.tsx')]: {
    imports: [at('app/member-routes.tsx')],
    lazy: [at('app/layouts/public-layout.tsx'), at('features/auth/sign-in-page.tsx')],
  },
  [at('app/member-routes.tsx')]: { lazy: [at('app/layouts/social-layout.tsx'), at('features/feed/feed-page.tsx')] },
  [at('app/layouts/public-layout.tsx')]: { imports: [at('ui/menu.tsx'), at('ui/icons.tsx')] },
  [at('app/layouts/social-layout.tsx')]: {
    imports: [
      at('ui/menu.tsx'),
      at('ui/button.tsx'),
      at('features/notifications/bell.tsx'),
      at('features/friends/requests.tsx'),
      at('ui/opens-dialog.tsx'),
    ],
  },
  [at('ui/menu.tsx')]: { imports: [at('ui/icons.tsx')] },
  [at('features/notifications/bell.tsx')]: { imports: [at('lib/query-keys.ts'), EVENTSOURCE, CONTRACT] },
  [at('features/friends/requests.tsx')]: { imports: [at('lib/query-keys.ts'), at('features/friends/api.ts')] },
  [at('ui/opens-dialog.tsx')]: { lazy: [at('ui/some-dialog.tsx')] },
  [at('features/feed/feed-page.tsx')]: {
    imports: [
      at('features/friends/api.ts'),
      at('ui/button.tsx'),
      at('features/feed/post-card.tsx'),
      at('ui/opens-dialog.tsx'),
    ],
  },
  [at('features/auth/sign-in-page.tsx')]: { imports: [at('ui/button.tsx')], lazy: [at('features/auth/help.tsx')] },
  [at('features/auth/help.tsx')]: { imports: [at('lib/query-keys.ts')] },
};

describe('the chunk plan', () => {
  const areas = planAreas(graphOf(app), SRC);

  it('puts in layouts-shared what both layouts import', () => {
    expect([...areas.layoutsShared].sort()).toEqual([at('ui/icons.tsx'), at('ui/menu.tsx')]);
  });

  it('puts in member-shared what the member layout shares with member pages, and nothing a public page reaches', () => {
    // query-keys: a public page's lazy dialog reaches it; button: the sign-in page; the bell: only the layout;
    // post-card: only a page; eventsource and the contract: not the app's own source; opens-dialog: grouped,
    // though what it opens lazily is not.
    expect([...areas.memberShared].sort()).toEqual([at('features/friends/api.ts'), at('ui/opens-dialog.tsx')]);
  });

  it("keeps the site script's modules out of the app chunk, and lazily loaded ones out of every group", () => {
    const graph = graphOf(app);
    const [appGroup, shared] = chunkGroups(SRC);
    expect(appGroup?.name(at('main.tsx'), graph)).toBe('app');
    expect(appGroup?.name(at('lib/api-client.ts'), graph)).toBe('app');
    expect(appGroup?.name(at('lib/storage-keys.ts'), graph)).toBeNull();
    expect(appGroup?.name(at('site/main.ts'), graph)).toBeNull();
    expect(appGroup?.name(at('app/layouts/social-layout.tsx'), graph)).toBeNull();
    expect(shared?.name(at('ui/menu.tsx'), graph)).toBe('layouts-shared');
    expect(shared?.name(at('features/friends/api.ts'), graph)).toBe('member-shared');
    expect(shared?.name(at('ui/some-dialog.tsx'), graph)).toBeNull();
    expect(shared?.name(at('app/layouts/social-layout.tsx'), graph)).toBeNull();
  });

  it('stops the build when the routes no longer load the member area as it expects', () => {
    const moved = { ...app, [at('app/member-routes.tsx')]: { lazy: [at('features/feed/feed-page.tsx')] } };
    expect(() => planAreas(graphOf(moved), SRC)).toThrow(/member-routes/);
  });
});

describe('chunk cycles', () => {
  it('finds chunks that import each other, directly or not', () => {
    const imports = new Map([
      ['app.js', ['layout.js']],
      ['layout.js', ['shared.js']],
      ['shared.js', ['app.js']],
    ]);
    expect(findChunkCycle(imports)).toEqual(['app.js', 'layout.js', 'shared.js', 'app.js']);
  });

  it('accepts chunks imported along several paths', () => {
    const imports = new Map([
      ['page.js', ['layout.js', 'shared.js']],
      ['layout.js', ['shared.js']],
      ['shared.js', []],
    ]);
    expect(findChunkCycle(imports)).toBeNull();
  });
});
