import type { ComponentType } from 'react';

/** A route's `lazy`: the named export of a module loaded on first visit, as React Router expects it. */
export const lazyPage = <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T) => ({
  lazy: async () => ({ Component: (await load())[name] as ComponentType }),
});
