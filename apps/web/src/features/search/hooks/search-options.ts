import type { SearchEvent, SearchMember, SearchResponse } from '@corral/contract';
import { paths } from '../../../config/paths.ts';

/** One row of the dropdown, in keyboard order: members, then events, then "See all results". */
export type SearchOption =
  | { kind: 'member'; key: string; href: string; member: SearchMember }
  | { kind: 'event'; key: string; href: string; event: SearchEvent }
  | { kind: 'all'; key: string; href: string; q: string };

export function searchOptions(data: SearchResponse | undefined, q: string): SearchOption[] {
  if (!data || !q) return [];
  const members = data.members.data.map(
    (member): SearchOption => ({ kind: 'member', key: `m-${member.id}`, href: paths.userProfile(member.id), member }),
  );
  const events = data.events.data.map(
    (event): SearchOption => ({ kind: 'event', key: `e-${event.id}`, href: paths.event(event.id), event }),
  );
  const found = [...members, ...events];
  return found.length > 0 ? [...found, { kind: 'all', key: 'all', href: paths.search(q), q }] : [];
}

/** The next highlighted row for an arrow key, wrapping round; -1 is "none" (Enter then opens the results page). */
export function moveHighlight(current: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return current >= count - 1 ? 0 : current + 1;
  return current <= 0 ? count - 1 : current - 1;
}
