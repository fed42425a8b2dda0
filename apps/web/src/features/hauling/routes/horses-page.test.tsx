// @vitest-environment jsdom
import { HAUL_MESSAGES, type Horse } from '@corral/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { isoDay } from '../../../lib/format.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderRoute, signInAs } from '../../../test/render-route.tsx';
import { HorsesPage } from './horses-page.tsx';

const api = fakeApi();

beforeEach(() => {
  signInAs({ id: 'member-1', is_onboard: 1, verified: 1 });
});

const daysAgo = (days: number) => isoDay(new Date(Date.now() - days * 86_400_000));
const list = () => screen.findByRole('region', { name: 'Horses' });

describe('My horses', () => {
  test('flags papers that are old today, adds a horse and deletes one after asking', async () => {
    let horses: Horse[] = [
      { id: 1, name: 'Dusty', coggins_on: daysAgo(400), health_certificate_on: daysAgo(10) },
      { id: 2, name: 'Pepper', coggins_on: daysAgo(30), health_certificate_on: null },
    ];
    api.on('GET /me/horses', () => ({ status: 200, body: { data: horses } }));
    api.on('POST /me/horses', (call) => {
      const horse = { id: 3, coggins_on: null, health_certificate_on: null, ...(call.body as object) } as Horse;
      horses = [...horses, horse];
      return { status: 201, body: { data: horse } };
    });
    api.on('DELETE /me/horses/1', () => {
      horses = horses.filter((horse) => horse.id !== 1);
      return { status: 200, body: { status: true } };
    });
    renderRoute(<HorsesPage />, { path: '/horses' });
    const horsesList = await list();
    await within(horsesList).findByText('Dusty', { selector: 'p' });
    expect(within(horsesList).getByText('Coggins test: older than 12 months')).toBeTruthy();
    expect(within(horsesList).getByText('Health certificate: missing')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add a horse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a horse' });
    await user.click(within(dialog).getByRole('button', { name: 'Add horse' }));
    expect(within(dialog).getByText(HAUL_MESSAGES.horseNameRequired)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Name'), 'Blue');
    await user.type(within(dialog).getByLabelText('Last Coggins test'), daysAgo(5));
    await user.click(within(dialog).getByRole('button', { name: 'Add horse' }));
    expect(await screen.findByText('Blue is added.')).toBeTruthy();
    expect(api.callsTo('POST /me/horses')[0]?.body).toEqual({
      name: 'Blue',
      coggins_on: daysAgo(5),
      health_certificate_on: null,
    });
    await within(horsesList).findByText('Blue', { selector: 'p' });

    await user.click(within(horsesList).getByRole('button', { name: 'Delete Dusty' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Dusty?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(horsesList).queryByText('Dusty', { selector: 'p' })).toBeNull());
  });

  test('a date in the future is refused before sending; the server refusing an edit says why', async () => {
    const dusty: Horse = { id: 1, name: 'Dusty', coggins_on: null, health_certificate_on: null };
    api.on('GET /me/horses', { status: 200, body: { data: [dusty] } });
    api.on('PATCH /me/horses/1', { status: 422, body: { message: 'The horse could not be saved here.' } });
    renderRoute(<HorsesPage />, { path: '/horses' });
    const user = userEvent.setup();
    await user.click(await within(await list()).findByRole('button', { name: 'Edit Dusty' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Dusty' });
    await user.type(within(dialog).getByLabelText('Last health certificate'), daysAgo(-3));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(HAUL_MESSAGES.horseDateFuture)).toBeTruthy();
    expect(api.callsTo('PATCH /me/horses/1')).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText('Last health certificate'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The horse could not be saved here.')).toBeTruthy();
  });

  test('a list that cannot be loaded says so', async () => {
    api.on('GET /me/horses', { status: 500, body: { message: 'Something went wrong.' } });
    renderRoute(<HorsesPage />, { path: '/horses' });
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong.');
  });
});
