import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * The server's module graph, read from its imports (conventions, "Server"; ADR 019). A node is a folder
 * under src/modules, one of the layers lib, adapters and db, or ops (the operators' commands: backup and
 * restore work on the database and the storage beside the app, not through it). The composition root
 * (app.ts, main.ts, cli.ts, app-context.ts, config.ts, seed/) wires modules together and is no node. Tests
 * are left out: a test may reach into what it tests.
 */
const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const LAYERS = new Set(['lib', 'adapters', 'db']);
const OPS = 'ops';

interface Import {
  from: string;
  to: string;
  /** The importing file (relative to src) and the specifier, to say where an edge comes from. */
  site: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The node a file under src belongs to, or null for the composition root and anything outside src. */
export function nodeOf(file: string): string | null {
  const parts = path.relative(SRC, file).split(path.sep);
  if (parts[0] === '..' || parts.length < 2) return null;
  if (parts[0] === 'modules') return parts.length > 2 ? `modules/${parts[1]}` : null;
  return parts[0] && (LAYERS.has(parts[0]) || parts[0] === OPS) ? parts[0] : null;
}

/** Every relative import and re-export of src, type-only ones included (a type ties modules as well). */
function readImports(): Import[] {
  return sourceFiles(SRC).flatMap((file) => {
    const from = nodeOf(file);
    if (!from) return [];
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    return importedFiles
      .filter(({ fileName }) => fileName.startsWith('.'))
      .flatMap(({ fileName }) => {
        const target = path.resolve(path.dirname(file), fileName);
        const to = nodeOf(target);
        const site = `${path.relative(SRC, file)} imports ${fileName}`;
        return to && to !== from ? [{ from, to, site }] : [];
      });
  });
}

/** The cycles of a directed graph, each once, as the path that closes it ('a -> b -> a'). */
export function findCycles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const cycles = new Map<string, string[]>();
  const visit = (node: string, trail: string[]) => {
    const at = trail.indexOf(node);
    if (at >= 0) {
      const cycle = trail.slice(at);
      // The same cycle found from another of its nodes is the same cycle: keyed by its rotation from the least node.
      const start = cycle.indexOf([...cycle].sort()[0] ?? node);
      const key = [...cycle.slice(start), ...cycle.slice(0, start)];
      cycles.set(key.join(' '), [...key, key[0] ?? node]);
      return;
    }
    for (const next of edges.get(node) ?? []) visit(next, [...trail, node]);
  };
  for (const node of edges.keys()) visit(node, []);
  return [...cycles.values()];
}

const imports = readImports();
const graph = new Map<string, Set<string>>();
for (const { from, to } of imports) graph.set(from, (graph.get(from) ?? new Set()).add(to));
const sitesOf = (from: string, to: string) =>
  imports.filter((edge) => edge.from === from && edge.to === to).map((edge) => edge.site);

describe('the server module graph', () => {
  it('reads the modules and their imports', () => {
    // Guards the reading itself: a graph read empty would pass every check below.
    expect(graph.get('modules/posts')).toContain('lib');
    expect(graph.get('modules/friends')).toContain('modules/notifications');
  });

  it('has no cycle, between modules or layers', () => {
    const cycles = findCycles(graph).map((cycle) => {
      const steps = cycle.slice(1).map((to, i) => `  ${cycle[i]} -> ${to}: ${sitesOf(cycle[i] ?? '', to).join(', ')}`);
      return [cycle.join(' -> '), ...steps].join('\n');
    });
    expect(cycles, `module cycles:\n${cycles.join('\n')}`).toEqual([]);
  });

  it('keeps lib, adapters and db below every module', () => {
    const upward = imports.filter((edge) => LAYERS.has(edge.from) && edge.to.startsWith('modules/'));
    expect(upward.map((edge) => edge.site)).toEqual([]);
  });

  it('keeps ops beside the app: it reads no module, and only the command line (cli.ts) reads it', () => {
    const crossing = imports.filter(
      (edge) => (edge.from === OPS && edge.to.startsWith('modules/')) || (edge.to === OPS && edge.from !== OPS),
    );
    expect(graph.get(OPS)).toContain('db');
    expect(crossing.map((edge) => edge.site)).toEqual([]);
  });

  it('keeps test code out of src: no source file imports from outside src (fixtures live in test/)', () => {
    const outside = sourceFiles(SRC).flatMap((file) =>
      ts
        .preProcessFile(readFileSync(file, 'utf8'), true, true)
        .importedFiles.filter(({ fileName }) => fileName.startsWith('.'))
        .filter(({ fileName }) => path.relative(SRC, path.resolve(path.dirname(file), fileName)).startsWith('..'))
        .map(({ fileName }) => `${path.relative(SRC, file)} imports ${fileName}`),
    );
    expect(outside).toEqual([]);
  });

  it("has no module read another module's queries", () => {
    const reads = imports.filter((edge) => edge.to.startsWith('modules/') && edge.site.endsWith('.queries.ts'));
    expect(reads.map((edge) => edge.site)).toEqual([]);
  });
});

describe('findCycles', () => {
  const graphOf = (pairs: [string, string][]) => {
    const edges = new Map<string, Set<string>>();
    for (const [from, to] of pairs) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    return edges;
  };

  it('names each cycle once, from its least node', () => {
    const cycles = findCycles(
      graphOf([
        ['media', 'posts'],
        ['posts', 'media'],
        ['b', 'c'],
        ['c', 'a'],
        ['a', 'b'],
        ['feed', 'items'],
      ]),
    );
    expect(cycles).toEqual(
      expect.arrayContaining([
        ['media', 'posts', 'media'],
        ['a', 'b', 'c', 'a'],
      ]),
    );
    expect(cycles).toHaveLength(2);
  });

  it('finds none in a graph that only goes down', () => {
    expect(
      findCycles(
        graphOf([
          ['feed', 'items'],
          ['posts', 'items'],
          ['items', 'lib'],
          ['feed', 'lib'],
        ]),
      ),
    ).toEqual([]);
  });
});
