import { describe, expect, it } from 'vitest';
import { API_PATHS } from './api-paths.ts';

/** What the server's router does with a pattern: `:name` takes one segment's text up to the next static part. */
function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const names: string[] = [];
  const source = pattern
    .split(/(:[A-Za-z_]\w*)/)
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part.slice(1));
      return '([^/]+?)';
    })
    .join('');
  const match = new RegExp(`^${source}$`).exec(path);
  if (!match) return null;
  return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? '')]));
}

const entries = Object.entries(API_PATHS);
const patternOf = (path: (typeof API_PATHS)[keyof typeof API_PATHS]) =>
  typeof path === 'string' ? path : path.pattern;

describe('API_PATHS', () => {
  it('defines every path once', () => {
    const patterns = entries.map(([, path]) => patternOf(path));
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it('writes paths without parameters as plain paths', () => {
    for (const [, path] of entries.filter(([, path]) => typeof path === 'string')) {
      expect(path).toMatch(/^(\/[a-z][\w.-]*)+$/);
    }
  });

  const parameterised = entries.flatMap(([name, path]) =>
    typeof path === 'string' || path.length !== 1 ? [] : [[name, path as (value: number | string) => string] as const],
  );
  const withTwo = entries.flatMap(([name, path]) =>
    typeof path === 'string' || path.length !== 2
      ? []
      : [[name, path as ((a: number | string, b: number | string) => string) & { pattern: string }] as const],
  );

  it.each(parameterised)('%s: one parameter in its pattern', (_name, path) => {
    expect((path as unknown as { pattern: string }).pattern.match(/:[A-Za-z_]\w*/g)).toHaveLength(1);
  });

  it.each(withTwo)('%s: two parameters, read back in order', (_name, path) => {
    const names = path.pattern.match(/:([A-Za-z_]\w*)/g)?.map((name) => name.slice(1)) ?? [];
    expect(names).toHaveLength(2);
    const url = path('u 1/x', 'moderator');
    expect(matchPattern(path.pattern, url)).toEqual({ [names[0] ?? '']: 'u 1/x', [names[1] ?? '']: 'moderator' });
  });

  it.each(parameterised)('%s: what the builder writes, the pattern reads back', (_name, built) => {
    const path = built as typeof built & { pattern: string };
    const [parameter] = path.pattern.match(/:([A-Za-z_]\w*)/)?.slice(1) ?? [];
    for (const value of [42, '7', 'u_Abc-123', 'a b/c?d#e%f.ics']) {
      const url = path(value);
      expect(url.startsWith('/')).toBe(true);
      expect(url).not.toMatch(/[\s?#]/);
      expect(matchPattern(path.pattern, url)).toEqual({ [parameter ?? '']: String(value) });
    }
  });

  it('builds the URLs the web calls', () => {
    expect(API_PATHS.post(12)).toBe('/posts/12');
    expect(API_PATHS.friendRequestAccept(3)).toBe('/friends/requests/3/accept');
    expect(API_PATHS.friend('u 1')).toBe('/friends/u%201');
    expect(API_PATHS.eventIcs(9)).toBe('/events/9/calendar.ics');
    expect(API_PATHS.calendarFeedIcs('tok-en_1')).toBe('/calendar/tok-en_1.ics');
  });
});
