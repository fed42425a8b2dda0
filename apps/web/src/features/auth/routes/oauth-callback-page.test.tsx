// @vitest-environment jsdom
import { type CurrentUser, OAUTH_ERRORS, OAUTH_MESSAGES, TWO_FACTOR_MESSAGES } from '@corral/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { useSession } from '../../../lib/session-store.ts';
import { STORAGE_KEYS } from '../../../lib/storage-keys.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { landedAt, renderRoute } from '../../../test/render-route.tsx';
import { OAuthCallbackPage } from './oauth-callback-page.tsx';

const api = fakeApi();

const member = (is_onboard: 0 | 1, verified: 0 | 1): CurrentUser => ({
  id: 'm1',
  first_name: 'Kaycee',
  last_name: 'Feild',
  email: 'kaycee@example.com',
  avatar: null,
  profile_image: '',
  api_token: 'token-m1',
  is_onboard,
  verified,
  role: 'member',
});
const linkRequired = (has_password: boolean) => ({
  status: 409,
  body: {
    message: OAUTH_MESSAGES.linkRequired('Google'),
    code: 'link_required',
    provider: 'google',
    email: 'kaycee@example.com',
    has_password,
    link_token: 'link-token-123456789',
  },
});

beforeEach(() => {
  useSession.getState().clear();
  sessionStorage.clear();
  localStorage.clear();
  sessionStorage.setItem(STORAGE_KEYS.oauthBinding, 'b'.repeat(43));
});

function open(fragment: string) {
  window.history.replaceState(null, '', `/auth/callback#${fragment}`);
  return renderRoute(<OAuthCallbackPage />, { path: '/auth/callback' });
}

describe('the provider sign-in callback', () => {
  test("trades the code (with this browser's binding) for a session and goes on to onboarding", async () => {
    api.on('POST /auth/oauth/exchange', { status: 200, body: { user: member(0, 0), device_token: 'd' } });
    open('code=one-time-code-1234567');
    expect(await landedAt()).toBe('/onboarding');
    expect(api.callsTo('POST /auth/oauth/exchange')[0]?.body).toEqual({
      code: 'one-time-code-1234567',
      binding: 'b'.repeat(43),
      trusted_device_tokens: [],
    });
    expect(useSession.getState().currentUser?.id).toBe('m1');
    // The code leaves the address at once.
    expect(window.location.hash).toBe('');
  });

  test('lands a set-up member on the page the sign-in started from', async () => {
    sessionStorage.setItem(STORAGE_KEYS.oauthNext, '/social_home/messages');
    api.on('POST /auth/oauth/exchange', { status: 200, body: { user: member(1, 1), device_token: 'd' } });
    open('code=one-time-code-1234567');
    expect(await landedAt()).toBe('/social_home/messages');
  });

  test("says why when the provider's answer was refused", async () => {
    open('error=unverified_email');
    expect(await screen.findByText(OAUTH_ERRORS.unverified_email)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  test("shows the server's refusal of the code", async () => {
    api.on('POST /auth/oauth/exchange', { status: 400, body: { message: OAUTH_MESSAGES.invalidCode } });
    open('code=one-time-code-1234567');
    expect(await screen.findByText(OAUTH_MESSAGES.invalidCode)).toBeTruthy();
  });

  test("asks for the existing account's password, says when it is wrong, and signs in with the right one", async () => {
    api.on('POST /auth/oauth/exchange', linkRequired(true));
    api.on('POST /auth/oauth/link', ({ body }) =>
      (body as { password: string }).password === 'Right#2026'
        ? { status: 200, body: { user: member(1, 1), device_token: 'd' } }
        : {
            status: 401,
            body: { message: OAUTH_MESSAGES.wrongPassword, errors: { password: [OAUTH_MESSAGES.wrongPassword] } },
          },
    );
    open('code=one-time-code-1234567');
    expect(await screen.findByRole('heading', { name: 'Connect Google' })).toBeTruthy();
    const password = screen.getByLabelText('Password');
    await userEvent.type(password, 'Wrong#2026');
    await userEvent.click(screen.getByRole('button', { name: 'Connect and sign in' }));
    expect(await screen.findByText(OAUTH_MESSAGES.wrongPassword)).toBeTruthy();
    await userEvent.clear(password);
    await userEvent.type(password, 'Right#2026');
    await userEvent.click(screen.getByRole('button', { name: 'Connect and sign in' }));
    expect(await landedAt()).toBe('/social_home/friend-list');
    expect(api.callsTo('POST /auth/oauth/link')[1]?.body).toEqual({
      link_token: 'link-token-123456789',
      binding: 'b'.repeat(43),
      password: 'Right#2026',
      trusted_device_tokens: [],
    });
  });

  test('offers only the emailed link to an account without a password', async () => {
    api.on('POST /auth/oauth/exchange', linkRequired(false));
    api.on('POST /auth/oauth/link/email', {
      status: 200,
      body: { status: true, message: OAUTH_MESSAGES.linkEmailSent('kaycee@example.com') },
    });
    open('code=one-time-code-1234567');
    await userEvent.click(await screen.findByRole('button', { name: 'Email me a link instead' }));
    expect(await screen.findByText(OAUTH_MESSAGES.linkEmailSent('kaycee@example.com'))).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  test('asks for the second factor of a member who has one, sending the remembered devices of this browser', async () => {
    localStorage.setItem(STORAGE_KEYS.trustedDevices, JSON.stringify({ 'other@example.com': 'trusted-other' }));
    const challenge = { two_factor_required: true, challenge: 'challenge-1', expires_at: '2026-11-29T12:05:00Z' };
    api.on('POST /auth/oauth/exchange', { status: 200, body: challenge });
    api.on('POST /login/two-factor', ({ body }) =>
      (body as { code: string }).code === '123456'
        ? { status: 200, body: { user: member(1, 1), device_token: 'd', trusted_device_token: 'trusted-m1' } }
        : {
            status: 401,
            body: { message: TWO_FACTOR_MESSAGES.codeInvalid, errors: { code: [TWO_FACTOR_MESSAGES.codeInvalid] } },
          },
    );
    open('code=one-time-code-1234567');
    const code = await screen.findByLabelText('Authentication code');
    expect(api.callsTo('POST /auth/oauth/exchange')[0]?.body).toMatchObject({
      trusted_device_tokens: ['trusted-other'],
    });
    expect(useSession.getState().currentUser).toBeNull();
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.codeInvalid)).toBeTruthy();
    await userEvent.clear(code);
    await userEvent.type(code, '123 456');
    await userEvent.click(screen.getByLabelText(/Remember this device/));
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await landedAt()).toBe('/social_home/friend-list');
    expect(api.callsTo('POST /login/two-factor')[1]?.body).toEqual({
      challenge: 'challenge-1',
      code: '123456',
      remember_device: true,
    });
    // The remembered device is kept under the account the server named.
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.trustedDevices) ?? '{}')).toEqual({
      'other@example.com': 'trusted-other',
      'kaycee@example.com': 'trusted-m1',
    });
  });

  test('goes back to the start when the challenge has expired', async () => {
    api.on('POST /auth/oauth/exchange', {
      status: 200,
      body: { two_factor_required: true, challenge: 'c', expires_at: '2026-11-29T12:05:00Z' },
    });
    api.on('POST /login/two-factor', { status: 401, body: { message: TWO_FACTOR_MESSAGES.challengeExpired } });
    open('code=one-time-code-1234567');
    await userEvent.type(await screen.findByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.challengeExpired)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Log In' })).toBeTruthy();
  });
});
