import { useState } from 'react';
import { toast } from 'sonner';
import { NETWORK_ERROR_MESSAGE } from '../../../lib/api-client.ts';

type SearchDropdown = typeof import('./search-dropdown.tsx').SearchDropdown;

let loaded: SearchDropdown | undefined;
let loading: Promise<SearchDropdown> | undefined;

function load(): Promise<SearchDropdown> {
  loading ??= import('./search-dropdown.tsx').then(
    (module) => {
      loaded = module.SearchDropdown;
      return loaded;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The search box's dropdown, whose code (its rows, the result summaries) is fetched when the box is first
 * hovered or focused rather than with the page: the top bar is part of every member page's first load
 * (ADR 018). `SearchDropdown` is undefined until the code is here; `fetchSearchDropdown` fetches it, saying
 * so when that fails unless `quiet` (a hover), and the next call tries again.
 */
export function useSearchDropdownCode() {
  const [SearchDropdown, setSearchDropdown] = useState(() => loaded);
  const fetchSearchDropdown = ({ quiet }: { quiet: boolean }) => {
    if (SearchDropdown) return;
    load().then(
      (component) => setSearchDropdown(() => component),
      () => {
        if (!quiet) toast.error(NETWORK_ERROR_MESSAGE);
      },
    );
  };
  return { SearchDropdown, fetchSearchDropdown };
}
