// @vitest-environment jsdom
import { OAUTH_MESSAGES } from '@corral/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage-keys.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderRoute, signInAs } from '../../../test/render-route.tsx';
import { SignInMethodsSection } from './sign-in-methods-section.tsx';

const api = fakeApi();
beforeEach(() => {
  signInAs({ is_onboard: 1, verified: 1 });
});

const open = () => renderRoute(<SignInMethodsSection />, { path: '/social_home/settings/account' });
const linkedAt = '2026-11-01T10:00:00.000Z';

describe('Sign-in methods', () => {
  test('shows the password and the providers, and disconnects one after a confirmation', async () => {
    let linked = [
      { provider: 'google', linked_at: linkedAt },
      { provider: 'apple', linked_at: linkedAt },
    ];
    api.on('GET /me/sign-in-methods', () => ({
      status: 200,
      body: { has_password: true, linked, available: ['google', 'apple'] },
    }));
    api.on('DELETE /me/sign-in-methods/google', () => {
      linked = linked.filter((l) => l.provider !== 'google');
      return { status: 200, body: { status: true, message: OAUTH_MESSAGES.unlinked('Google') } };
    });
    open();
    expect(await screen.findByText('You can sign in with your email and password.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Disconnect Google' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm: disconnect Google' }));
    expect(await screen.findByText(OAUTH_MESSAGES.unlinked('Google'))).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Not connected.')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Disconnect Apple' })).toBeTruthy();
  });

  test('connects a provider: a start with a fresh binding, back to this page', async () => {
    api.on('GET /me/sign-in-methods', {
      status: 200,
      body: { has_password: true, linked: [], available: ['google', 'apple'] },
    });
    api.on('POST /me/sign-in-methods/apple', { status: 200, body: { url: 'http://127.0.0.1:1/authorize' } });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Connect Apple' }));
    await waitFor(() => expect(api.callsTo('POST /me/sign-in-methods/apple')).toHaveLength(1));
    expect(api.callsTo('POST /me/sign-in-methods/apple')[0]?.body).toEqual({
      binding: sessionStorage.getItem(STORAGE_KEYS.oauthBinding),
    });
    expect(sessionStorage.getItem(STORAGE_KEYS.oauthNext)).toBe('/social_home/settings/account');
  });

  test('keeps the only way in, and points a member without a password to the reset email', async () => {
    api.on('GET /me/sign-in-methods', {
      status: 200,
      body: { has_password: false, linked: [{ provider: 'google', linked_at: linkedAt }], available: ['google'] },
    });
    open();
    expect(await screen.findByText(/It is your only way to sign in/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Disconnect/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'get a link by email' }).getAttribute('href')).toBe('/forgot-password');
  });
});
