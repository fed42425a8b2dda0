// @vitest-environment jsdom
import { HAUL_MESSAGES } from '@corral/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderRoute, signInAs } from '../../../test/render-route.tsx';
import { RequestFormDialog } from './request-form-dialog.tsx';
import { CODY, EVENT, makeRequest } from './test-hauls.ts';

const api = fakeApi();
const M = HAUL_MESSAGES;

describe('Ask for stalls', () => {
  it("starts from the Near place, sends the window on the event's clock, and shows a refusal on its field", async () => {
    let answer: { status: number; body: unknown } = {
      status: 422,
      body: { message: 'Check the form.', errors: { depart_from: [M.departurePast] } },
    };
    api.on('POST /haul/requests', () => answer);
    signInAs({ is_onboard: 1, verified: 1 });
    const user = userEvent.setup();
    renderRoute(<RequestFormDialog event={EVENT} near={CODY} open onOpenChange={() => {}} />, { path: '/e' });

    expect((screen.getByRole('combobox', { name: 'Leaving from' }) as HTMLInputElement).value).toContain('Cody');
    await user.click(screen.getByRole('button', { name: 'Ask for stalls' }));
    expect(await screen.findAllByText('Give a date and time.')).toHaveLength(2);
    await user.clear(screen.getByLabelText('Horses'));
    await user.type(screen.getByLabelText('Horses'), '13');
    fireEvent.change(screen.getByLabelText('Earliest departure'), { target: { value: '2031-07-18T08:00' } });
    fireEvent.change(screen.getByLabelText('Latest departure'), { target: { value: '2031-07-19T08:00' } });
    await user.click(screen.getByRole('button', { name: 'Ask for stalls' }));
    expect(await screen.findByText(M.horsesRange)).toBeTruthy();
    expect(api.callsTo('POST /haul/requests')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Horses'));
    await user.type(screen.getByLabelText('Horses'), '2');
    await user.click(screen.getByRole('button', { name: 'Ask for stalls' }));
    expect(await screen.findByText(M.departurePast)).toBeTruthy();
    expect(api.callsTo('POST /haul/requests')[0]?.body).toEqual({
      event_id: EVENT.id,
      origin_place_id: CODY.id,
      depart_from: '2031-07-18T14:00:00.000Z',
      depart_until: '2031-07-19T14:00:00.000Z',
      horses: 2,
      visibility: 'everyone',
      notes: '',
    });

    answer = { status: 201, body: { data: makeRequest() } };
    await user.click(screen.getByRole('button', { name: 'Ask for stalls' }));
    await waitFor(() => expect(api.callsTo('POST /haul/requests')).toHaveLength(2));
    expect(await screen.findByText('Your request is on the board.')).toBeTruthy();
  });
});
