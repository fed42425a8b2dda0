import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/** A section's eyebrow, h2 and introduction. `id` names the h2 for the section's aria-labelledby. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  align = 'center',
}: {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
  align?: 'center' | 'start';
}) {
  return (
    <div className={clsx('max-w-2xl', align === 'center' && 'mx-auto text-center')}>
      <p className="text-sm font-semibold tracking-wide text-leather-700 uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 font-display text-3xl leading-tight text-leather-950 sm:text-4xl">
        {title}
      </h2>
      {children && <p className="mt-4 text-lg text-stone-700">{children}</p>}
    </div>
  );
}
