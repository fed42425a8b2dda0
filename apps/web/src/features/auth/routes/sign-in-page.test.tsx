// @vitest-environment jsdom
import { type CurrentUser, LIMITS, MESSAGES, MODERATION_MESSAGES } from '@corral/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { formatTimestamp } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session-store.ts';
import { fakeApi, heldAnswer } from '../../../test/fake-api.ts';
import { landedAt, renderRoute } from '../../../test/render-route.tsx';
import { SignInPage } from './sign-in-page.tsx';

const L = MESSAGES.login;
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
const signedIn = (user: CurrentUser) => ({ status: 200, body: { user, device_token: 'device-1' } });

beforeEach(() => {
  useSession.getState().clear();
  // The spec keeps the member on the screen for 3 seconds: the test moves the clock instead of waiting.
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

function open(url = '/sign-in') {
  const view = renderRoute(<SignInPage />, { path: '/sign-in', url });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const fill = async (email: string, password: string) => {
    if (email) await user.type(screen.getByLabelText('Email Address'), email);
    if (password) await user.type(screen.getByLabelText('Password', { selector: 'input' }), password);
  };
  return { ...view, user, fill, logIn: () => screen.getByRole('button', { name: 'Log In' }) };
}

/** Lets the 3 seconds on the screen pass. */
const afterTheWait = () => act(() => vi.advanceTimersByTimeAsync(LIMITS.redirectDelayMs));

describe('sign-in', () => {
  test('refuses an empty or malformed form with the contract messages, and asks the server nothing', async () => {
    const page = open();
    await page.user.click(page.logIn());
    expect(await screen.findByText(L.emailInvalid)).toBeTruthy();
    expect(screen.getByText(L.passwordLength)).toBeTruthy();
    expect(screen.getAllByRole('alert').some((alert) => alert.textContent === L.formInvalid)).toBe(true);

    await page.fill('not-an-email', 'short');
    await page.user.click(page.logIn());
    expect(await screen.findByText(L.emailInvalid)).toBeTruthy();
    expect(screen.getByText(L.passwordLength)).toBeTruthy();
    expect(api.callsTo('POST /login')).toHaveLength(0);
  });

  test('sends one login for a double press, and says Logging In... meanwhile', async () => {
    const held = heldAnswer();
    api.on('POST /login', held.answer);
    const page = open();
    await page.fill('kaycee@example.com', 'Lariat#2026');
    await page.user.dblClick(page.logIn());
    await page.user.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: L.busy })).toHaveProperty('disabled', true);
    held.release(signedIn(member(1, 1)));
    // A toast: sonner keeps earlier tests' toasts in its one store, so there may be more than one.
    expect(await screen.findAllByText(L.success)).not.toHaveLength(0);
    expect(api.callsTo('POST /login')).toHaveLength(1);
    expect(api.callsTo('POST /login')[0]?.body).toMatchObject({ email: 'kaycee@example.com', password: 'Lariat#2026' });
  });

  test("shows the server's refusal and lets the member try again", async () => {
    api.on('POST /login', { status: 401, body: { message: L.invalidCredential } });
    const page = open();
    await page.fill('kaycee@example.com', 'Wrong#20260');
    await page.user.click(page.logIn());
    const main = screen.getByRole('main');
    expect((await within(main).findByRole('alert')).textContent).toBe(L.invalidCredential);
    expect(page.logIn()).toHaveProperty('disabled', false);
    expect(useSession.getState().isLoggedIn).toBe(false);
  });

  test('a suspended member is told why and until when, in a panel, with what they typed kept', async () => {
    const until = '2026-12-24T18:30:00.000Z';
    api.on('POST /login', {
      status: 403,
      body: {
        message: MODERATION_MESSAGES.suspended(until),
        code: 'suspended',
        suspended_until: until,
        reason: 'Harassment of other members',
        appeal_token: null,
        appeal_status: 'open',
      },
    });
    const page = open();
    await page.fill('kaycee@example.com', 'Lariat#2026');
    await page.user.click(page.logIn());

    const panel = await within(screen.getByRole('main')).findByRole('alert', {
      name: MODERATION_MESSAGES.suspendedTitle,
    });
    expect(panel.textContent).toContain(MODERATION_MESSAGES.suspended(formatTimestamp(until)));
    expect(panel.textContent).toContain('Reason: Harassment of other members');
    // Appealed already: how it stands, and no form.
    expect(screen.getByText('You appealed this suspension. A moderator will review it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Appeal this suspension' })).toBeNull();
    // Not the generic refusal line beside it.
    expect(within(screen.getByRole('main')).getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByLabelText('Email Address')).toHaveProperty('value', 'kaycee@example.com');
    expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveProperty('value', 'Lariat#2026');
    expect(page.logIn()).toHaveProperty('disabled', false);
    expect(useSession.getState().isLoggedIn).toBe(false);

    // The next try starts clean: a wrong password is the usual refusal, without the panel.
    api.on('POST /login', { status: 401, body: { message: L.invalidCredential } });
    await page.user.click(page.logIn());
    expect((await within(screen.getByRole('main')).findByRole('alert')).textContent).toBe(L.invalidCredential);
    expect(screen.queryByText(MODERATION_MESSAGES.suspendedTitle)).toBeNull();
  });

  test('a suspended member appeals the suspension once, with the token the refusal carried', async () => {
    const until = '2026-12-24T18:30:00.000Z';
    api.on('POST /login', {
      status: 403,
      body: {
        message: MODERATION_MESSAGES.suspended(until),
        code: 'suspended',
        suspended_until: until,
        reason: 'Spam',
        appeal_token: 'signed.token',
        appeal_status: null,
      },
    });
    const page = open();
    await page.fill('kaycee@example.com', 'Lariat#2026');
    await page.user.click(page.logIn());
    await page.user.click(await screen.findByRole('button', { name: 'Appeal this suspension' }));
    const field = screen.getByLabelText('Why should this suspension end?');
    expect(document.activeElement).toBe(field);

    await page.user.click(screen.getByRole('button', { name: 'Send appeal' }));
    expect((await screen.findByText(MODERATION_MESSAGES.appealRequired)).getAttribute('role')).toBe('alert');
    expect(api.callsTo('POST /appeals/suspension')).toHaveLength(0);

    api.on('POST /appeals/suspension', { status: 401, body: { message: MODERATION_MESSAGES.appealTokenExpired } });
    await page.user.type(field, 'My cousin used my phone');
    await page.user.click(screen.getByRole('button', { name: 'Send appeal' }));
    expect(await screen.findByText(MODERATION_MESSAGES.appealTokenExpired)).toBeTruthy();
    expect(field).toHaveProperty('value', 'My cousin used my phone');

    api.on('POST /appeals/suspension', {
      status: 200,
      body: { status: true, message: MODERATION_MESSAGES.appealReceived, appeal: {} },
    });
    await page.user.click(screen.getByRole('button', { name: 'Send appeal' }));
    expect((await screen.findByText(MODERATION_MESSAGES.appealReceived)).getAttribute('role')).toBe('status');
    expect(api.callsTo('POST /appeals/suspension').at(-1)?.body).toEqual({
      token: 'signed.token',
      text: 'My cousin used my phone',
    });
    expect(screen.queryByLabelText('Why should this suspension end?')).toBeNull();
  });

  test('a set-up member lands on the member page they came for, after the 3 seconds', async () => {
    api.on('POST /login', signedIn(member(1, 1)));
    const page = open('/sign-in?next=%2Fsocial_home%2Fpost%2F42');
    await page.fill('kaycee@example.com', 'Lariat#2026');
    await page.user.click(page.logIn());
    expect(await screen.findAllByText(L.success)).not.toHaveLength(0);
    expect(page.address()).toBe('/sign-in?next=%2Fsocial_home%2Fpost%2F42');
    await afterTheWait();
    expect(await landedAt()).toBe('/social_home/post/42');
  });

  test('a member still to set up goes to onboarding first, carrying the page along', async () => {
    api.on('POST /login', signedIn(member(0, 0)));
    const page = open('/sign-in?next=%2Fsocial_home%2Fevent%2F7');
    await page.fill('kaycee@example.com', 'Lariat#2026');
    await page.user.click(page.logIn());
    await afterTheWait();
    expect(await landedAt()).toBe('/onboarding?next=%2Fsocial_home%2Fevent%2F7');
  });

  test('another site or a script in the link lands on the friend list', async () => {
    for (const next of [
      '//evil.example',
      'https://evil.example/social_home',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      useSession.getState().clear();
      api.on('POST /login', signedIn(member(1, 1)));
      const page = open(`/sign-in?next=${encodeURIComponent(next)}`);
      await page.fill('kaycee@example.com', 'Lariat#2026');
      await page.user.click(page.logIn());
      await afterTheWait();
      expect(await landedAt(), next).toBe('/social_home/friend-list');
      page.unmount();
    }
  });
});
