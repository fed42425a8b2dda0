import { clsx } from 'clsx';

/** Spec: tags on cards are sorted alphabetically, the first `max` (4 by default) shown, '+N' for the rest. */
export function sortedTags(tags: readonly string[], max = 4) {
  const sorted = [...new Set(tags.map((tag) => tag.trim()).filter(Boolean))].sort((a, b) => a.localeCompare(b));
  const limit = Math.max(0, max);
  return { shown: sorted.slice(0, limit), rest: Math.max(0, sorted.length - limit) };
}

export function TagList({ tags, max = 4, className }: { tags: readonly string[]; max?: number; className?: string }) {
  const { shown, rest } = sortedTags(tags, max);
  if (shown.length === 0) return null;
  return (
    <ul className={clsx('flex flex-wrap gap-1.5', className)} aria-label="Event types and associations">
      {shown.map((tag) => (
        <li key={tag} className="rounded-full bg-leather-100 px-2 py-0.5 text-xs font-medium text-leather-800">
          {tag}
        </li>
      ))}
      {rest > 0 && (
        <li className="rounded-full bg-stone-100 px-2 py-0.5 text-xs text-stone-600">
          +{rest}
          <span className="sr-only"> more</span>
        </li>
      )}
    </ul>
  );
}
