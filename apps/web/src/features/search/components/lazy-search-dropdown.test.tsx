// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from '../../../lib/api-client.ts';
import { useSearchDropdownCode } from './lazy-search-dropdown.ts';

// The dropdown's chunk: unreachable until `reachable` says otherwise (offline, or replaced by a new release).
const chunk = vi.hoisted(() => ({ reachable: false, fetches: 0 }));
vi.mock('./search-dropdown.tsx', () => {
  chunk.fetches += 1;
  if (!chunk.reachable) throw new Error('Failed to fetch dynamically imported module');
  return { SearchDropdown: () => null };
});
vi.mock('sonner', () => ({ toast: { error: vi.fn() } }));

describe("the search dropdown's code", () => {
  it('arrives on demand; a failure says so unless quiet, and the next demand fetches again', async () => {
    const { result } = renderHook(() => useSearchDropdownCode());
    expect(result.current.SearchDropdown).toBeUndefined();

    act(() => result.current.fetchSearchDropdown({ quiet: true }));
    await waitFor(() => expect(chunk.fetches).toBe(1));
    act(() => result.current.fetchSearchDropdown({ quiet: false }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(NETWORK_ERROR_MESSAGE));
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(chunk.fetches).toBe(2);
    expect(result.current.SearchDropdown).toBeUndefined();

    chunk.reachable = true;
    act(() => result.current.fetchSearchDropdown({ quiet: false }));
    await waitFor(() => expect(result.current.SearchDropdown).toBeTypeOf('function'));
    expect(chunk.fetches).toBe(3);

    // Another search box (the phone's) starts with the code already here.
    const { result: second } = renderHook(() => useSearchDropdownCode());
    expect(second.current.SearchDropdown).toBeTypeOf('function');
  });
});
