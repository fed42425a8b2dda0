// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage-keys.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { SocialSignInButtons } from './social-sign-in-buttons.tsx';

const api = fakeApi();
beforeEach(() => sessionStorage.clear());

const open = () =>
  renderRoute(<SocialSignInButtons label="Or continue with" next="/social_home/messages" />, { path: '/sign-in' });

describe('Google and Apple buttons', () => {
  test('stay disabled, saying why, when the server offers no provider', async () => {
    api.on('GET /auth/providers', { status: 200, body: { providers: [] } });
    open();
    await waitFor(() => expect(api.callsTo('GET /auth/providers')).toHaveLength(1));
    for (const name of ['Google', 'Apple']) {
      const button = screen.getByRole('button', { name: `Or continue with ${name} (not available yet)` });
      expect((button as HTMLButtonElement).disabled).toBe(true);
    }
  });

  test('stay disabled when the server cannot be asked', async () => {
    api.on('GET /auth/providers', { status: 500, body: { message: 'Server error.' } });
    open();
    await waitFor(() => expect(api.callsTo('GET /auth/providers')).toHaveLength(1));
    expect((screen.getByRole('button', { name: /Google \(not available yet\)/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  test('start a sign-in with a fresh binding for a configured provider only', async () => {
    api.on('GET /auth/providers', { status: 200, body: { providers: ['google'] } });
    api.on('POST /auth/oauth/google/start', { status: 200, body: { url: 'http://127.0.0.1:1/authorize' } });
    open();
    const google = await screen.findByRole('button', { name: 'Or continue with Google' });
    expect((screen.getByRole('button', { name: /Apple \(not available yet\)/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await userEvent.click(google);
    await waitFor(() => expect(api.callsTo('POST /auth/oauth/google/start')).toHaveLength(1));
    const binding = sessionStorage.getItem(STORAGE_KEYS.oauthBinding);
    expect(binding).toMatch(/^[\w-]{43}$/);
    expect(api.callsTo('POST /auth/oauth/google/start')[0]?.body).toEqual({ binding });
    expect(sessionStorage.getItem(STORAGE_KEYS.oauthNext)).toBe('/social_home/messages');
  });
});
