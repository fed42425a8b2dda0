import type { ReferenceItem } from '@corral/contract';
import { type OnboardingValues, summarise } from './onboarding-summary.ts';

/** Step 6: every answer, with a way back to the step that holds it. */
export function ReviewStep({
  values,
  eventTypes,
  associations,
  onEdit,
}: {
  values: OnboardingValues;
  eventTypes: ReferenceItem[];
  associations: ReferenceItem[];
  onEdit: (step: number) => void;
}) {
  const rows = summarise(values, eventTypes, associations);
  return (
    <section aria-labelledby="review-heading">
      <h2 id="review-heading" className="mb-4 font-display text-xl text-leather-900">
        Review your answers
      </h2>
      <dl className="divide-y divide-leather-100">
        {rows.map((row, index) => (
          // A <dl> group holds only <dt> and <dd>: the Edit button has a <dd> of its own, placed on the right.
          <div key={row.label} className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-2 py-3">
            <dt className="text-sm text-stone-500">{row.label}</dt>
            <dd className="col-start-1 font-medium break-words text-stone-800">{row.value || '—'}</dd>
            <dd className="col-start-2 row-span-2 row-start-1">
              <button
                type="button"
                onClick={() => onEdit(index + 1)}
                className="text-sm font-semibold text-leather-700 hover:underline"
              >
                Edit<span className="sr-only"> {row.label.toLowerCase()}</span>
              </button>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
