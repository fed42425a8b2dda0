/**
 * How the client build groups modules into chunks (docs/decisions/018-web-speed.md). Rolldown's automatic
 * chunking makes a chunk for each set of pages sharing modules; the layouts, the pages and the shared layers
 * share small modules in many combinations, so the feed's first load came as 29 scripts, 16 of them under
 * 1 KiB, each with its own request, import lines and compression dictionary. Three groups merge them, each
 * chosen so that no page loads a module it does not use:
 *
 *   app             every module the web app's entry imports statically (Rolldown kept React's JSX runtime
 *                   and the paths apart, fetched with the entry all the same); not the site script's, as the
 *                   static pages must not load the app.
 *   layouts-shared  our modules both layouts import (menus, avatar, icons, sign-out): every page under
 *                   either layout loads them.
 *   member-shared   our modules that the member layout shares with the member pages (src/app/member-routes.tsx)
 *                   and that nothing public reaches: every member page loads the layout, and no public page
 *                   loads them.
 *
 * Only the app's own source goes into the last two: the contract's barrel lists every contract module as an
 * import of whoever imports it, so the import graph overstates what packages' and the contract's modules
 * are used by; those stay where Rolldown puts them. Groups do not pull in their dependencies
 * (`includeDependenciesRecursively: false`, else the app's own modules would leave the entry): each group is
 * closed under the imports it needs from outside the app chunk, so no two chunks import each other, and
 * `noChunkCycles` fails the build if they ever do. Dynamic imports keep their own chunks (a module something
 * loads lazily is never grouped).
 */
import path from 'node:path';
import type { Plugin } from 'vite';

/** What Rolldown tells a group's `name` function about the module graph (its `ChunkingContext`). */
export interface ModuleGraph {
  getModuleInfo(id: string): {
    importedIds: readonly string[];
    dynamicallyImportedIds: readonly string[];
    dynamicImporters: readonly string[];
  } | null;
}

/** A group of Rolldown's `output.codeSplitting.groups`, as this plan uses them. */
export interface ChunkGroup {
  name: (id: string, graph: ModuleGraph) => string | null;
  tags?: ['$initial'];
  includeDependenciesRecursively: false;
}

const SCRIPT = /\.[cm]?[jt]sx?$/;

/** Every module reachable from `roots` through static imports (dynamic ones too when asked), `within` only. */
function reach(
  graph: ModuleGraph,
  roots: Iterable<string>,
  {
    dynamic = false,
    within = () => true,
    skip = new Set<string>(),
  }: { dynamic?: boolean; within?: (id: string) => boolean; skip?: Set<string> } = {},
): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id) || skip.has(id) || !within(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    stack.push(...info.importedIds);
    if (dynamic) stack.push(...info.dynamicallyImportedIds);
  }
  return seen;
}

export interface Areas {
  /** The site script's modules: never in the app chunk. */
  site: Set<string>;
  layoutsShared: Set<string>;
  memberShared: Set<string>;
}

/** The groups' modules, from the graph and the app's source folder (`src`, an absolute path). */
export function planAreas(graph: ModuleGraph, src: string): Areas {
  const file = (name: string) => path.join(src, name);
  const own = (id: string) => id.startsWith(src + path.sep) && SCRIPT.test(id);
  const lazy = (id: string) => (graph.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0;
  const routes = graph.getModuleInfo(file('app/routes.tsx'))?.dynamicallyImportedIds ?? [];
  const memberRoutes = graph.getModuleInfo(file('app/member-routes.tsx'))?.dynamicallyImportedIds ?? [];
  const socialLayout = file('app/layouts/social-layout.tsx');
  if (routes.length === 0 || !memberRoutes.includes(socialLayout))
    throw new Error('chunk plan: src/app/routes.tsx or member-routes.tsx no longer load the pages it expects');

  const site = reach(graph, [file('site/main.ts')]);
  const entry = reach(graph, [file('main.tsx'), file('site/main.ts')], { within: own });
  // Everything a public page may load, its lazy dialogs included, up to the member area's own pages.
  const anyPublic = reach(graph, routes, { dynamic: true, within: own, skip: new Set(memberRoutes) });
  const social = reach(graph, [socialLayout], { within: own });
  const publicLayout = reach(graph, [file('app/layouts/public-layout.tsx')], { within: own });
  const memberPages = reach(
    graph,
    memberRoutes.filter((id) => id !== socialLayout),
    { within: own },
  );
  const groupable = (id: string) => !entry.has(id) && !lazy(id);
  return {
    site,
    layoutsShared: new Set([...social].filter((id) => publicLayout.has(id) && groupable(id))),
    memberShared: new Set([...social].filter((id) => memberPages.has(id) && !anyPublic.has(id) && groupable(id))),
  };
}

/** The groups for `output.codeSplitting.groups` of the client build. */
export function chunkGroups(src: string): ChunkGroup[] {
  let areas: Areas | undefined;
  const plan = (graph: ModuleGraph) => {
    areas ??= planAreas(graph, src);
    return areas;
  };
  const lazy = (id: string, graph: ModuleGraph) => (graph.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0;
  return [
    {
      name: (id, graph) => (plan(graph).site.has(id) || lazy(id, graph) ? null : 'app'),
      tags: ['$initial'],
      includeDependenciesRecursively: false,
    },
    {
      name: (id, graph) => {
        const { layoutsShared, memberShared } = plan(graph);
        return layoutsShared.has(id) ? 'layouts-shared' : memberShared.has(id) ? 'member-shared' : null;
      },
      includeDependenciesRecursively: false,
    },
  ];
}

/** A chain of static imports that leads from a chunk back to itself, if any (`a → b → a`). */
export function findChunkCycle(imports: ReadonlyMap<string, readonly string[]>): string[] | null {
  const done = new Set<string>();
  const trail: string[] = [];
  const visit = (file: string): string[] | null => {
    trail.push(file);
    for (const next of imports.get(file) ?? []) {
      if (trail.includes(next)) return [...trail.slice(trail.indexOf(next)), next];
      const cycle = done.has(next) ? null : visit(next);
      if (cycle) return cycle;
    }
    trail.pop();
    done.add(file);
    return null;
  };
  for (const file of imports.keys()) {
    const cycle = done.has(file) ? null : visit(file);
    if (cycle) return cycle;
  }
  return null;
}

/** Fails the build when chunks import each other, directly or not (a module could run before its imports). */
export function noChunkCycles(): Plugin {
  return {
    name: 'corral:no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imports = new Map<string, readonly string[]>();
      for (const output of Object.values(bundle))
        if (output.type === 'chunk') imports.set(output.fileName, output.imports);
      const cycle = findChunkCycle(imports);
      if (cycle) this.error(`Chunks import each other: ${cycle.join(' → ')}`);
    },
  };
}
