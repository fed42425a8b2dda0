import type { ReactNode } from 'react';

/**
 * One section of the Account page: a card with its heading (h2, named for the section's landmark) and a
 * line saying what it is for.
 */
export function AccountSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className="rounded-2xl bg-white p-4 shadow-sm sm:p-6">
      <h2 id={headingId} tabIndex={-1} className="font-display text-xl text-leather-900 focus:outline-none">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-stone-600">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A failed load: the server's message and a way to ask again. */
export function SectionError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-2">
      <p className="text-sm text-red-800">{message}</p>
      <button type="button" onClick={onRetry} className="text-sm font-semibold text-leather-700 underline">
        Try again
      </button>
    </div>
  );
}

/** Rows that hold the place of a list while it loads. */
export function SectionLoading({ label, rows = 2 }: { label: string; rows?: number }) {
  return (
    <div aria-busy="true" role="status" className="flex flex-col gap-2">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, index) => `row-${index}`).map((row) => (
        <div key={row} aria-hidden="true" className="h-10 animate-pulse rounded-xl bg-leather-50" />
      ))}
    </div>
  );
}
