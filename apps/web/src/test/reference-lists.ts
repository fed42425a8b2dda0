import { vi } from 'vitest';

/** One of each reference list, as GET /api/setup/... answers them. */
export const REFERENCE_LISTS: Record<string, unknown> = {
  '/api/setup/event-types': [{ id: 1, name: 'Team Roping', abr: 'TR' }],
  '/api/setup/associations': [{ id: 2, name: 'Pro Rodeo Cowboys Association', abr: 'PRCA' }],
  '/api/setup/circuits': [{ id: 3, name: 'Mountain States', abr: null }],
};

/** The network answers the reference lists (through fetch), and an empty list for anything else it is asked. */
export function serveReferenceLists() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    return new Response(JSON.stringify(REFERENCE_LISTS[path] ?? []), { status: 200 });
  });
}
