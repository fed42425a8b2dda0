import { type RefObject, useEffect, useRef } from 'react';
import { enhance } from './enhance.ts';

/**
 * Gives the static markup under the returned ref its behaviour (menu, carousel, newsletter form, year) when
 * React renders it: the same code the prerendered pages run without React. Enhancing is idempotent, so an
 * element the static script already enhanced is left alone.
 */
export function useEnhance<T extends HTMLElement>(): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    return element ? enhance(element) : undefined;
  }, []);
  return ref;
}
