import type { ReferenceItem } from '@corral/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '../../../ui/button.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { ChoiceCards } from './choice-cards.tsx';

/** Steps 4 and 5: pick at least one event type or association from a reference list. */
export function ReferenceStep({
  legend,
  query,
  registration,
  error,
}: {
  legend: string;
  query: UseQueryResult<ReferenceItem[]>;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
}) {
  if (query.isPending) return <Spinner label="Loading the list…" />;
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p className="text-red-700">The list could not be loaded.</p>
        <Button variant="secondary" onClick={() => query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const choices = query.data.map((item) => ({ value: String(item.id), label: item.name, detail: item.abr }));
  return (
    <ChoiceCards
      type="checkbox"
      legend={legend}
      choices={choices}
      registration={registration}
      error={error}
      columns={2}
    />
  );
}
