/** The search box's numbers: what a query may hold, the dropdown's rows per kind, the results page's pages. */
export const SEARCH_LIMITS = {
  queryMax: 100,
  dropdownSize: 8,
  pageSize: 20,
  /** The web waits this long after the last key before it asks. */
  debounceMs: 250,
} as const;

export const SEARCH_MESSAGES = {
  /** Spec, "Social area": the top bar's search box. */
  placeholder: 'Search entire store hire',
  noResults: (q: string) => `No results for "${q}"`,
  failed: 'Search is not available right now. Please try again.',
} as const;
