/** Small DOM helpers of site/enhance.ts and site/carousel.ts (no React: the public pages run them). */

export type Cleanup = () => void;

/** Adds event listeners and returns the function that removes them all. */
export function listeners() {
  const removers: Cleanup[] = [];
  return {
    on<K extends keyof HTMLElementEventMap>(
      target: EventTarget,
      type: K,
      handler: (event: HTMLElementEventMap[K]) => void,
      options?: AddEventListenerOptions,
    ) {
      target.addEventListener(type, handler as EventListener, options);
      removers.push(() => target.removeEventListener(type, handler as EventListener, options));
    },
    off() {
      for (const remove of removers.splice(0)) remove();
    },
  };
}

export const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
