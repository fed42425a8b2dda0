import type { CurrentUser } from '@corral/contract';
import { useSyncExternalStore } from 'react';
import { createStore } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS } from './storage-keys.ts';

export { STORAGE_KEYS };

interface SessionState {
  currentUser: CurrentUser | null;
  isLoggedIn: boolean;
  /** Whether the stored token has been checked with GET /verify since the page loaded (not persisted). */
  verified: boolean;
  setUser(user: CurrentUser | null): void;
  /** The signed-in member changed (PATCH /me, a new photo): their fields change, the session stays. */
  updateUser(changes: Partial<Omit<CurrentUser, 'id' | 'api_token'>>): void;
  clear(): void;
  markVerified(): void;
}

/**
 * The session, the only client state outside TanStack Query. Logged in when a non-empty user is set;
 * the user and the logged-in flag persist, and the token is kept under the key `token`.
 */
const store = createStore<SessionState>()(
  persist(
    (set) => ({
      currentUser: null,
      isLoggedIn: false,
      verified: false,
      setUser(user) {
        if (!user?.api_token) {
          localStorage.removeItem(STORAGE_KEYS.token);
          set({ currentUser: null, isLoggedIn: false });
          return;
        }
        localStorage.setItem(STORAGE_KEYS.token, user.api_token);
        set({ currentUser: user, isLoggedIn: true });
      },
      updateUser(changes) {
        set((state) => (state.currentUser ? { currentUser: { ...state.currentUser, ...changes } } : {}));
      },
      clear() {
        localStorage.removeItem(STORAGE_KEYS.token);
        set({ currentUser: null, isLoggedIn: false });
      },
      markVerified() {
        set({ verified: true });
      },
    }),
    {
      name: STORAGE_KEYS.session,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ currentUser: state.currentUser, isLoggedIn: state.isLoggedIn }),
    },
  ),
);

/** What a server render sees (`renderedAs`); otherwise the store's initial state, as zustand's own hook does. */
let serverSession: SessionState | null = null;

function useSessionState<T>(selector: (state: SessionState) => T): T {
  return useSyncExternalStore(
    store.subscribe,
    () => selector(store.getState()),
    () => selector(serverSession ?? store.getInitialState()),
  );
}

/** The session as a hook (`useSession(selector)`) and as the store (`useSession.getState()` …), like zustand's `create`. */
export const useSession = Object.assign(useSessionState, store);

/**
 * Renders (synchronously) as `user`, signed in and checked: the member's first screen rendered by the server
 * (src/prerender.tsx). The store itself is left alone; only what a server render reads changes, and only during
 * `render`.
 */
export function renderedAs<T>(user: CurrentUser, render: () => T): T {
  serverSession = { ...store.getInitialState(), currentUser: user, isLoggedIn: true, verified: true };
  try {
    return render();
  } finally {
    serverSession = null;
  }
}

export function getToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token);
}
