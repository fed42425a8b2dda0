import type { FieldValues, Resolver } from 'react-hook-form';

/** A form's resolver fetched on first use; `preload()` fetches it sooner (the form hovered or focused). */
export type LazyResolver<T extends FieldValues> = Resolver<T> & { preload: () => void };

/**
 * A form's resolver whose code (zod and the contract's schema) loads when the form is first checked, so that
 * the page's first load carries none of it (ADR 018: sign-in). The form still checks with the contract's
 * schema; `preload` starts the fetch as soon as the member reaches the form, so it is there by the first
 * check. If the code cannot be fetched, the values go as typed and the server, which checks them with the
 * same schema, answers (or the network error shows); the next check tries the fetch again.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): LazyResolver<T> {
  let loading: Promise<Resolver<T>> | undefined;
  const fetchResolver = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const resolver: Resolver<T> = async (values, context, options) => {
    let loaded: Resolver<T>;
    try {
      loaded = await fetchResolver();
    } catch (error) {
      console.warn('Could not load the form’s checks; the server checks the values', error);
      return { values, errors: {} };
    }
    return loaded(values, context, options);
  };
  return Object.assign(resolver, {
    preload: () => {
      fetchResolver().catch(() => undefined);
    },
  });
}
