// @vitest-environment jsdom
import { type BlockedMember, MODERATION_MESSAGES } from '@corral/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderRoute, signInAs } from '../../../test/render-route.tsx';
import { BlockedMembersPage } from './blocked-members-page.tsx';

const api = fakeApi();

const member = (id: string, last: string): BlockedMember => ({
  id,
  first_name: 'Ty',
  last_name: last,
  avatar: null,
  since: '2026-11-20T10:00:00.000Z',
});

beforeEach(() => {
  signInAs({ id: 'member-1', is_onboard: 1, verified: 1 });
});

const list = (name: string) => screen.getByRole('region', { name });
const findList = (name: string) => screen.findByRole('region', { name });

describe('Blocked and muted', () => {
  test('says so when nobody is blocked or muted', async () => {
    api.on('GET /me/blocks', { status: 200, body: { blocked: [], muted: [] } });
    renderRoute(<BlockedMembersPage />, { path: '/blocked' });
    expect(await screen.findByText('You have not blocked anyone.')).toBeTruthy();
    expect(screen.getByText('You have not muted anyone.')).toBeTruthy();
  });

  test('an Unblock takes the member off the list at once, and Undo blocks them again', async () => {
    let blocked = [member('u-2', 'Murray'), member('u-3', 'Tate')];
    api.on('GET /me/blocks', () => ({ status: 200, body: { blocked, muted: [member('u-4', 'Braddock')] } }));
    api.on('DELETE /users/u-2/block', () => {
      blocked = blocked.filter((one) => one.id !== 'u-2');
      return {
        status: 200,
        body: { status: true, message: MODERATION_MESSAGES.unblocked('Ty Murray'), is_blocked: false },
      };
    });
    api.on('POST /users/u-2/block', () => {
      blocked = [member('u-2', 'Murray'), ...blocked];
      return {
        status: 200,
        body: { status: true, message: MODERATION_MESSAGES.blocked('Ty Murray'), is_blocked: true },
      };
    });
    renderRoute(<BlockedMembersPage />, { path: '/blocked' });
    const user = userEvent.setup();

    await user.click(within(await findList('Blocked')).getByRole('button', { name: 'Unblock Ty Murray' }));
    expect(within(list('Blocked')).queryByText('Ty Murray')).toBeNull();
    expect(within(list('Blocked')).getByText('Ty Tate')).toBeTruthy();
    // Blocked members are not linked (their profile answers 404); muted ones are.
    expect(within(list('Blocked')).queryAllByRole('link')).toHaveLength(0);
    expect(within(list('Muted')).getByRole('link', { name: 'Ty Braddock' }).getAttribute('href')).toBe(
      '/social_home/profile/u-4',
    );

    const toast = (await screen.findByText(MODERATION_MESSAGES.unblocked('Ty Murray'))).closest('li') as HTMLElement;
    // A click without the pointer's press: Sonner captures the pointer on a press, which jsdom cannot.
    fireEvent.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText(MODERATION_MESSAGES.blocked('Ty Murray'))).toBeTruthy();
    await waitFor(() => expect(within(list('Blocked')).getByText('Ty Murray')).toBeTruthy());
    expect(api.callsTo('POST /users/u-2/block')).toHaveLength(1);
  });

  test('an Unmute the server refuses puts the member back, and says why', async () => {
    api.on('GET /me/blocks', { status: 200, body: { blocked: [], muted: [member('u-4', 'Braddock')] } });
    api.on('DELETE /users/u-4/mute', { status: 429, body: { message: 'Too many requests. Try again later.' } });
    renderRoute(<BlockedMembersPage />, { path: '/blocked' });
    const user = userEvent.setup();
    await user.click(within(await findList('Muted')).getByRole('button', { name: 'Unmute Ty Braddock' }));
    expect(await screen.findByText('Too many requests. Try again later.')).toBeTruthy();
    expect(within(list('Muted')).getByText('Ty Braddock')).toBeTruthy();
  });
});
