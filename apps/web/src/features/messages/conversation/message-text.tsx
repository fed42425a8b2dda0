import { clsx } from 'clsx';

/** A message's text: the viewer's filled, the other member's outlined; long words wrap rather than overflow. */
export function MessageText({ mine, children }: { mine: boolean; children: string }) {
  return (
    <p
      className={clsx(
        'w-fit max-w-full rounded-2xl px-3 py-2 whitespace-pre-wrap [overflow-wrap:anywhere]',
        mine ? 'self-end bg-leather-700 text-white' : 'bg-white text-stone-800 ring-1 ring-leather-100',
      )}
    >
      {children}
    </p>
  );
}
