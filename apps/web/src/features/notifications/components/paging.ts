import { NOTIFICATIONS_PAGE_SIZE } from '@corral/contract';

/** How many pages a list of `total` notifications fills; an empty list still has its one (empty) page. */
export function pageCount(total: number, size = NOTIFICATIONS_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / size));
}

/** The page to show: at least 1 and at most the last, so a list that shrank never leaves an empty page. */
export function clampPage(page: number, total: number, size = NOTIFICATIONS_PAGE_SIZE): number {
  const whole = Number.isFinite(page) ? Math.trunc(page) : 1;
  return Math.min(Math.max(1, whole), pageCount(total, size));
}

export interface Paging {
  page: number;
  pageCount: number;
  hasPrevious: boolean;
  hasNext: boolean;
  /** The spec's 'Page X of Y'. */
  label: string;
}

/** Previous, 'Page X of Y' and Next for one page of a list of `total`. */
export function paging(page: number, total: number, size = NOTIFICATIONS_PAGE_SIZE): Paging {
  const count = pageCount(total, size);
  const current = clampPage(page, total, size);
  return {
    page: current,
    pageCount: count,
    hasPrevious: current > 1,
    hasNext: current < count,
    label: `Page ${current} of ${count}`,
  };
}
