// @vitest-environment jsdom
import { HAUL_MESSAGES, type Place } from '@corral/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { PLACE_TYPEAHEAD_TEXTS, PlaceTypeahead } from './place-typeahead.tsx';

const api = fakeApi();

const place = (id: number, name: string, region: string, region_code: string, country: 'US' | 'CA' = 'US'): Place => ({
  id,
  name,
  region,
  region_code,
  country,
  latitude: 44.5,
  longitude: -109,
});
const CODY = place(1, 'Cody', 'Wyoming', 'WY');
const CODY_NE = place(2, 'Cody', 'Nebraska', 'NE');
const CODYS = place(3, 'Codys Corner', 'Florida', 'FL');

function Field({ onChange, initial = null }: { onChange: (place: Place | null) => void; initial?: Place | null }) {
  const [value, setValue] = useState<Place | null>(initial);
  return (
    <form onSubmit={() => onChange(value)}>
      <PlaceTypeahead
        label="Leaving from"
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    </form>
  );
}

function renderField(initial: Place | null = null) {
  const onChange = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Field onChange={onChange} initial={initial} />
    </QueryClientProvider>,
  );
  return { onChange, input: screen.getByRole('combobox', { name: 'Leaving from' }) };
}

describe('PlaceTypeahead', () => {
  test('lists places as the member types and picks one with the arrow keys and Enter', async () => {
    api.on('GET /places', {
      status: 200,
      body: { data: [CODY, CODY_NE, CODYS], attribution: HAUL_MESSAGES.attribution },
    });
    const user = userEvent.setup();
    const { onChange, input } = renderField();
    await user.type(input, 'cod');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Cody, WYWyoming, USA',
      'Cody, NENebraska, USA',
      'Codys Corner, FLFlorida, USA',
    ]);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(HAUL_MESSAGES.attribution)).toBeTruthy();
    // Asked once, after the pause, with what was typed.
    expect(api.callsTo('GET /places').map((call) => call.path)).toEqual(['/places?q=cod']);

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]?.id);
    expect(options[1]?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    // Up from the first wraps to the last.
    expect(input.getAttribute('aria-activedescendant')).toBe(options[2]?.id);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(CODY_NE);
    expect((input as HTMLInputElement).value).toBe('Cody, NE');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  test('Escape closes the list, and again puts back the place that was picked', async () => {
    api.on('GET /places', { status: 200, body: { data: [CODY_NE], attribution: HAUL_MESSAGES.attribution } });
    const user = userEvent.setup();
    const { onChange, input } = renderField(CODY);
    expect((input as HTMLInputElement).value).toBe('Cody, WY');
    await user.clear(input);
    await user.type(input, 'Cody, N');
    // Typing over a picked place unpicks it.
    expect(onChange).toHaveBeenCalledWith(null);
    await screen.findByRole('option', { name: /Cody, NE/ });
    await user.keyboard('{Escape}');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect((input as HTMLInputElement).value).toBe('Cody, N');
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('option', { name: /Cody, NE/ })).toBeTruthy();
    await user.click(screen.getByRole('option', { name: /Cody, NE/ }));
    expect(onChange).toHaveBeenLastCalledWith(CODY_NE);
    expect(document.activeElement).toBe(input);
  });

  test('says when nothing matches, and when places cannot be loaded; Enter then submits nothing', async () => {
    api.on('GET /places', (call) =>
      call.path.includes('zz')
        ? { status: 500, body: { message: 'Something went wrong.' } }
        : { status: 200, body: { data: [], attribution: HAUL_MESSAGES.attribution } },
    );
    const user = userEvent.setup();
    const { onChange, input } = renderField();
    await user.type(input, 'Nowhere');
    expect(await screen.findByText(PLACE_TYPEAHEAD_TEXTS.empty('Nowhere'))).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(onChange).not.toHaveBeenCalled();
    await user.clear(input);
    await user.type(input, 'zz');
    expect((await screen.findByRole('alert')).textContent).toBe(PLACE_TYPEAHEAD_TEXTS.failed);
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  test('shows its error and ties it to the input', () => {
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <PlaceTypeahead label="Pickup" value={null} onChange={() => {}} error={HAUL_MESSAGES.placeNotFound} />
      </QueryClientProvider>,
    );
    const input = screen.getByRole('combobox', { name: 'Pickup' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      HAUL_MESSAGES.placeNotFound,
    );
  });
});
