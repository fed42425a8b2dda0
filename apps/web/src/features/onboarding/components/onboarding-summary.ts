import { GENDERS, type ReferenceItem, TRANSPORT_OPTIONS } from '@corral/contract';

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
    { label: 'Date of birth', value: formatDate(values.age) },
    { label: 'Gender', value: GENDERS.find((g) => g.value === values.gender)?.label ?? '' },
    {
      label: 'Haul horses for others',
      value: TRANSPORT_OPTIONS.find((o) => o.id === Number(values.transport_id))?.label ?? '',
    },
    { label: 'Events', value: names(values.event_type_ids, eventTypes).join(', ') },
    { label: 'Associations', value: names(values.association_ids, associations).join(', ') },
  ];
}

/** US English, e.g. March 21, 1994; empty for a missing or invalid date. */
export function formatDate(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  if (!iso || Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}
