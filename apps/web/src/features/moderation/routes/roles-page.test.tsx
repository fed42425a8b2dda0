// @vitest-environment jsdom
import { MODERATION_MESSAGES, type StaffMember } from '@corral/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderRoute, signInAs } from '../../../test/render-route.tsx';
import { RolesPage } from './roles-page.tsx';

const api = fakeApi();

const admin: StaffMember = {
  id: 'admin-1',
  first_name: 'Wade',
  last_name: 'Marshall',
  avatar: null,
  email: 'admin@corral.app',
  role: 'admin',
};
const cody: StaffMember = {
  id: 'cody',
  first_name: 'Cody',
  last_name: 'Braddock',
  avatar: null,
  email: 'cody@example.com',
  role: 'member',
};

beforeEach(() => {
  signInAs({ id: 'admin-1', is_onboard: 1, verified: 1, role: 'admin' });
  api.on('GET /moderation/members', { status: 200, body: { data: [admin, cody] } });
  api.on('PUT /moderation/members/cody/role/moderator', {
    status: 200,
    body: { data: { ...cody, role: 'moderator' } },
  });
  api.on('PUT /moderation/members/cody/role/admin', { status: 200, body: { data: { ...cody, role: 'admin' } } });
});

const roleOf = (name: string) => screen.getByRole('combobox', { name: `Role of ${name}` });

describe('the roles page', () => {
  test("lists members with their roles; one's own cannot change", async () => {
    renderRoute(<RolesPage />, { path: '/roles' });
    expect(await screen.findByRole('combobox', { name: 'Role of Wade Marshall' })).toHaveProperty('disabled', true);
    expect(screen.getByText(MODERATION_MESSAGES.cannotChangeOwnRole)).toBeTruthy();
    expect(roleOf('Cody Braddock')).toHaveProperty('value', 'member');
  });

  test('gives a role by its path, never a body, and asks first for admin', async () => {
    const user = userEvent.setup();
    renderRoute(<RolesPage />, { path: '/roles' });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Role of Cody Braddock' }), 'moderator');
    expect(await screen.findByText('Cody Braddock is now a moderator.')).toBeTruthy();
    expect(api.callsTo('PUT /moderation/members/cody/role/moderator')[0]?.body).toBeUndefined();

    await user.selectOptions(roleOf('Cody Braddock'), 'admin');
    const confirm = await screen.findByRole('dialog', { name: 'Make an admin?' });
    expect(api.callsTo('PUT /moderation/members/cody/role/admin')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Make admin' }));
    expect(await screen.findByText('Cody Braddock is now an admin.')).toBeTruthy();
    expect(api.callsTo('PUT /moderation/members/cody/role/admin')).toHaveLength(1);
  });

  test("searches by what is typed, with the server's answer", async () => {
    const user = userEvent.setup();
    renderRoute(<RolesPage />, { path: '/roles' });
    await user.type(await screen.findByRole('searchbox', { name: 'Search members' }), 'cody');
    await screen.findByRole('combobox', { name: 'Role of Cody Braddock' });
    expect(api.calls.some((call) => call.path === '/moderation/members?q=cody')).toBe(true);
  });
});
