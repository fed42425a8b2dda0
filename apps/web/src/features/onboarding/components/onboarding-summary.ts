import { GENDERS, type ReferenceItem, TRANSPORT_OPTIONS } from '@corral/contract';
import { formatLongDay } from '../../../lib/format.ts';

export interface OnboardingValues {
  age: string;
  gender?: string | undefined;
  transport_id?: unknown;
  event_type_ids: unknown[];
  association_ids: unknown[];
}

/** What the review step shows: every answer in words, never ids. */
export function summarise(values: OnboardingValues, eventTypes: ReferenceItem[], associations: ReferenceItem[]) {
  const names = (ids: unknown[], list: ReferenceItem[]) =>
    ids
      .map((id) => list.find((item) => item.id === Number(id)))
      .filter((item): item is ReferenceItem => Boolean(item))
      .map((item) => `${item.name} (${item.abr})`);
  return [
    { label: 'Date of birth', value: formatLongDay(values.age) },
    { label: 'Gender', value: GENDERS.find((g) => g.value === values.gender)?.label ?? '' },
    {
      label: 'Haul horses for others',
      value: TRANSPORT_OPTIONS.find((o) => o.id === Number(values.transport_id))?.label ?? '',
    },
    { label: 'Events', value: names(values.event_type_ids, eventTypes).join(', ') },
    { label: 'Associations', value: names(values.association_ids, associations).join(', ') },
  ];
}
