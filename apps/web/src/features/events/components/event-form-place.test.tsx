// @vitest-environment jsdom
import { type EventDraft, type EventDraftForm, eventDraftSchema, HAUL_MESSAGES, type Place } from '@corral/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, test } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { EVENT_PLACE_TEXTS, EventPlaceField } from './event-form-place.tsx';

const api = fakeApi();

const place = (id: number, name: string, region: string, region_code: string): Place => ({
  id,
  name,
  region,
  region_code,
  country: 'US',
  latitude: 44.5,
  longitude: -109,
});
const CODY = place(1, 'Cody', 'Wyoming', 'WY');
const CODY_NE = place(2, 'Cody', 'Nebraska', 'NE');
const SHERIDAN = place(3, 'Sheridan', 'Wyoming', 'WY');

let values: () => EventDraftForm = () => ({}) as EventDraftForm;

function Host({ location, storedPlace }: { location: string; storedPlace?: Place | null }) {
  const form = useForm<EventDraftForm, unknown, EventDraft>({
    resolver: zodResolver(eventDraftSchema),
    defaultValues: { eventLocation: location } as EventDraftForm,
  });
  values = form.getValues;
  return (
    <form>
      <label>
        Event location
        <input {...form.register('eventLocation')} />
      </label>
      <EventPlaceField form={form} storedPlace={storedPlace} />
    </form>
  );
}

function renderHost(location: string, storedPlace?: Place | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Host location={location} storedPlace={storedPlace} />
    </QueryClientProvider>,
  );
}

const answer = (data: Place[]) => ({ status: 200, body: { data, attribution: HAUL_MESSAGES.attribution } });

describe('the event form’s place on the map', () => {
  test('shows the place the location names, and sends nothing until the organiser picks another', async () => {
    api.on('GET /places', (call) =>
      answer(call.path.includes('Sheridan') ? [SHERIDAN] : call.path.includes('Cody') ? [CODY] : []),
    );
    const user = userEvent.setup();
    renderHost('');
    await user.type(screen.getByLabelText('Event location'), 'Cody, WY');
    expect(await screen.findByText('Cody, WY')).toBeTruthy();
    expect(api.callsTo('GET /places').at(-1)?.path).toBe(`/places?${new URLSearchParams({ q: 'Cody, WY' })}`);
    expect(values().place_id).toBeUndefined();

    await user.click(screen.getByRole('button', { name: EVENT_PLACE_TEXTS.change }));
    api.on('GET /places', answer([CODY, CODY_NE]));
    const input = screen.getByRole('combobox', { name: EVENT_PLACE_TEXTS.label });
    await user.type(input, 'cody');
    const listbox = screen.getByRole('listbox', { name: EVENT_PLACE_TEXTS.label });
    await within(listbox).findAllByRole('option');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(values().place_id).toBe(CODY_NE.id);
    expect(screen.getByText('Cody, NE')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  test('on an edit, shows the stored place while the location is unchanged', async () => {
    api.on('GET /places', answer([]));
    renderHost('Frontier Park Arena', CODY);
    expect(screen.getByText('Cody, WY')).toBeTruthy();
    expect(api.callsTo('GET /places')).toHaveLength(0);
  });

  test('says when the location names no known place, and offers to pick one', async () => {
    api.on('GET /places', answer([]));
    const user = userEvent.setup();
    renderHost('');
    await user.type(screen.getByLabelText('Event location'), 'Somewhere Arena');
    expect(await screen.findByText(EVENT_PLACE_TEXTS.none)).toBeTruthy();
    expect(screen.getByRole('button', { name: EVENT_PLACE_TEXTS.pick })).toBeTruthy();
  });
});
