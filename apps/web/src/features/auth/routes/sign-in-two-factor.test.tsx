// @vitest-environment jsdom
import { type CurrentUser, LIMITS, TWO_FACTOR_MESSAGES as M, MESSAGES } from '@corral/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { STORAGE_KEYS, useSession } from '../../../lib/session-store.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { landedAt, renderRoute } from '../../../test/render-route.tsx';
import { SignInPage } from './sign-in-page.tsx';

const L = MESSAGES.login;
const api = fakeApi();

const member: CurrentUser = {
  id: 'm1',
  first_name: 'Kaycee',
  last_name: 'Feild',
  email: 'kaycee@example.com',
  avatar: null,
  profile_image: '',
  api_token: 'token-m1',
  is_onboard: 1,
  verified: 1,
  role: 'member',
};
const challenge = { status: 200, body: { two_factor_required: true, challenge: 'chal-1', expires_at: '2026-01-01' } };

beforeEach(() => {
  useSession.getState().clear();
  localStorage.clear();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

async function toCodeStep() {
  api.on('POST /login', challenge);
  renderRoute(<SignInPage />, { path: '/sign-in', url: '/sign-in' });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  await user.type(screen.getByLabelText('Email Address'), 'kaycee@example.com');
  await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Lariat#2026');
  await user.click(screen.getByRole('button', { name: 'Log In' }));
  expect(await screen.findByText('Enter the code from your authenticator app.')).toBeTruthy();
  return user;
}

describe('sign-in with two-factor on', () => {
  test('asks for the code after the password, says what is wrong, and signs in with a remembered device', async () => {
    const user = await toCodeStep();
    expect(useSession.getState().isLoggedIn).toBe(false);
    const field = screen.getByLabelText('Authentication code');
    expect(document.activeElement).toBe(field);

    // A malformed code is not sent.
    await user.type(field, '12ab');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByText(M.codeFormat)).getAttribute('role')).toBe('alert');
    expect(api.callsTo('POST /login/two-factor')).toHaveLength(0);

    // A wrong code: the server's message under the field, and another try.
    api.on('POST /login/two-factor', {
      status: 401,
      body: { message: M.codeInvalid, errors: { code: [M.codeInvalid] } },
    });
    await user.clear(field);
    await user.type(field, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(M.codeInvalid)).toBeTruthy();

    api.on('POST /login/two-factor', {
      status: 200,
      body: { user: member, device_token: 'device-2', trusted_device_token: 'trusted-1' },
    });
    await user.click(screen.getByLabelText('Remember this device for 30 days'));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findAllByText(L.success)).not.toHaveLength(0);
    expect(api.callsTo('POST /login/two-factor').at(-1)?.body).toEqual({
      challenge: 'chal-1',
      code: '123456',
      remember_device: true,
    });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.trustedDevices) ?? '{}')).toEqual({
      'kaycee@example.com': 'trusted-1',
    });
    await act(() => vi.advanceTimersByTimeAsync(LIMITS.redirectDelayMs));
    expect(await landedAt()).toBe('/social_home/friend-list');
    expect(useSession.getState().currentUser?.api_token).toBe('token-m1');
  });

  test('takes a recovery code instead, and the next login sends the remembered device', async () => {
    localStorage.setItem(STORAGE_KEYS.trustedDevices, JSON.stringify({ 'kaycee@example.com': 'trusted-old' }));
    const user = await toCodeStep();
    expect(api.callsTo('POST /login')[0]?.body).toMatchObject({ trusted_device_token: 'trusted-old' });
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(M.recoveryCodeRequired)).toBeTruthy();
    api.on('POST /login/two-factor', { status: 200, body: { user: member, device_token: 'device-2' } });
    await user.type(screen.getByLabelText('Recovery code'), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findAllByText(L.success)).not.toHaveLength(0);
    expect(api.callsTo('POST /login/two-factor')[0]?.body).toEqual({
      challenge: 'chal-1',
      recovery_code: 'abcde-fghjk',
      remember_device: false,
    });
  });

  test('an expired challenge goes back to the password, saying why', async () => {
    const user = await toCodeStep();
    api.on('POST /login/two-factor', { status: 401, body: { message: M.challengeExpired } });
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await within(screen.getByRole('main')).findByRole('alert')).textContent).toBe(M.challengeExpired);
    expect(screen.getByRole('button', { name: 'Log In' })).toBeTruthy();
    expect(useSession.getState().isLoggedIn).toBe(false);
  });
});
