// @vitest-environment jsdom
import { ACCOUNT_MESSAGES, type AccountSession, MESSAGES } from '@corral/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderRoute, signInAs } from '../../../test/render-route.tsx';
import { AccountPage } from './account-page.tsx';

const api = fakeApi();

const session = (changes: Partial<AccountSession>): AccountSession => ({
  id: 's-1',
  browser: 'Firefox 128',
  os: 'Linux',
  place: 'Local network',
  created_at: '2026-11-20T10:00:00.000Z',
  last_used_at: new Date().toISOString(),
  current: true,
  ...changes,
});

function answerPage({ pending = null as null | { new_email: string; expires_at: string } } = {}) {
  signInAs({ is_onboard: 1, verified: 1 });
  api.on('GET /me/email', { status: 200, body: { email: 'kaycee@example.com', pending } });
  api.on('GET /me/sessions', {
    status: 200,
    body: {
      sessions: [
        session({}),
        session({ id: 's-2', browser: 'Safari 17', os: 'iOS 17.1', place: '203.0.113.x network', current: false }),
        session({ id: 's-3', browser: 'Chrome 131', os: 'Windows 10', place: '198.51.100.x network', current: false }),
      ],
    },
  });
  api.on('GET /me/blocks', { status: 200, body: { blocked: [], muted: [] } });
}

const renderPage = () => renderRoute(<AccountPage />, { path: '/social_home/settings/account' });
const region = (name: string) => screen.getByRole('region', { name });

describe('the Account page', () => {
  test('shows its sections in order, each under its own heading', async () => {
    answerPage();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Account' })).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Email',
      'Password',
      'Two-factor sign-in',
      'Sessions',
      'Sign-in methods',
      'Blocked and muted',
      'Download your data',
    ]);
    expect(await within(region('Email')).findByText('kaycee@example.com')).toBeTruthy();
  });
});

describe('a member who signed up with Google or Apple (no password)', () => {
  test('is offered an emailed link that sets one, and told why the email and two-factor forms wait for it', async () => {
    answerPage();
    api.on('GET /me/sign-in-methods', {
      status: 200,
      body: {
        has_password: false,
        linked: [{ provider: 'google', linked_at: '2026-11-20T10:00:00.000Z' }],
        available: ['google'],
      },
    });
    api.on('GET /me/two-factor', { status: 200, body: { enabled: false, enabled_at: null, recovery_codes_left: 0 } });
    api.on('POST /forgot-password', { status: 200, body: { status: true, message: MESSAGES.forgotPassword.success } });
    renderPage();
    const password = region('Password');
    await userEvent.click(await within(password).findByRole('button', { name: 'Email me a link to set a password' }));
    expect(await within(password).findByRole('status')).toHaveProperty(
      'textContent',
      'We sent a link to kaycee@example.com. Open it to choose your password; it works for one hour.',
    );
    expect(api.callsTo('POST /forgot-password')[0]?.body).toEqual({ email: 'kaycee@example.com' });
    expect(within(password).queryByLabelText('Current password')).toBeNull();
    // The forms that ask for the password say so instead of refusing it.
    expect(within(region('Email')).getByText(/Changing your email asks for your password/)).toBeTruthy();
    expect(within(region('Email')).queryByLabelText('Your password')).toBeNull();
    expect(await within(region('Two-factor sign-in')).findByText(/Turning it on asks for your password/)).toBeTruthy();
    expect(within(region('Two-factor sign-in')).queryByRole('button', { name: 'Turn on' })).toBeNull();
  });
});

describe('the password form', () => {
  test('checks the product rules before sending anything', async () => {
    answerPage();
    renderPage();
    const form = region('Password');
    await userEvent.type(within(form).getByLabelText('Current password'), 'Saddle#2026');
    await userEvent.type(within(form).getByLabelText('New password'), 'short');
    await userEvent.type(within(form).getByLabelText('Confirm new password'), 'different');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText(MESSAGES.signUp.passwordLength)).toBeTruthy();
    expect(within(form).getByText(MESSAGES.signUp.passwordsMustMatch)).toBeTruthy();
    expect(api.callsTo('POST /me/password')).toEqual([]);
  });

  test("shows the server's refusal under the field it is about, and focuses it", async () => {
    answerPage();
    api.on('POST /me/password', {
      status: 422,
      body: {
        message: ACCOUNT_MESSAGES.wrongPassword,
        errors: { current_password: [ACCOUNT_MESSAGES.wrongPassword] },
      },
    });
    renderPage();
    const form = region('Password');
    const current = within(form).getByLabelText('Current password');
    await userEvent.type(current, 'Wrong#2026');
    await userEvent.type(within(form).getByLabelText('New password'), 'Spurs&2027');
    await userEvent.type(within(form).getByLabelText('Confirm new password'), 'Spurs&2027');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText(ACCOUNT_MESSAGES.wrongPassword)).toBeTruthy();
    expect(current.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(current));
  });

  test('sends the two passwords, says so in a toast, empties the form and reloads the devices', async () => {
    answerPage();
    api.on('POST /me/password', { status: 200, body: { status: true, message: ACCOUNT_MESSAGES.passwordChanged } });
    renderPage();
    const form = region('Password');
    await userEvent.type(within(form).getByLabelText('Current password'), 'Saddle#2026');
    await userEvent.type(within(form).getByLabelText('New password'), 'Spurs&2027');
    await userEvent.type(within(form).getByLabelText('Confirm new password'), 'Spurs&2027');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.passwordChanged)).toBeTruthy();
    expect(api.callsTo('POST /me/password')[0]?.body).toEqual({
      current_password: 'Saddle#2026',
      new_password: 'Spurs&2027',
    });
    expect((within(form).getByLabelText('New password') as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(api.callsTo('GET /me/sessions').length).toBeGreaterThanOrEqual(2));
  });
});

describe('the email form', () => {
  test('asks for a valid address and the password', async () => {
    answerPage();
    renderPage();
    const form = region('Email');
    await userEvent.type(within(form).getByLabelText('New email address'), 'cowboy@');
    await userEvent.click(within(form).getByRole('button', { name: 'Send confirmation link' }));
    expect(await within(form).findByText(ACCOUNT_MESSAGES.emailInvalid)).toBeTruthy();
    expect(within(form).getByText(ACCOUNT_MESSAGES.currentPasswordRequired)).toBeTruthy();
    expect(api.callsTo('POST /me/email')).toEqual([]);
  });

  test('shows the change waiting for its confirmation once sent, and cancels it', async () => {
    answerPage();
    const pending = { new_email: 'kaycee@ranch.test', expires_at: '2026-11-30T10:00:00.000Z' };
    api.on('POST /me/email', {
      status: 200,
      body: {
        status: true,
        message: ACCOUNT_MESSAGES.emailChangeSent(pending.new_email),
        email: 'kaycee@example.com',
        pending,
      },
    });
    api.on('DELETE /me/email', { status: 200, body: { status: true, message: ACCOUNT_MESSAGES.emailChangeCancelled } });
    renderPage();
    const form = region('Email');
    await userEvent.type(within(form).getByLabelText('New email address'), 'Kaycee@Ranch.test');
    await userEvent.type(within(form).getByLabelText('Your password'), 'Saddle#2026');
    await userEvent.click(within(form).getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.emailChangeSent(pending.new_email))).toBeTruthy();
    expect(api.callsTo('POST /me/email')[0]?.body).toEqual({ new_email: 'kaycee@ranch.test', password: 'Saddle#2026' });
    expect(within(form).getByText(/Waiting for confirmation at/)).toBeTruthy();
    expect(within(form).getByText(pending.new_email)).toBeTruthy();

    await userEvent.click(within(form).getByRole('button', { name: 'Cancel the change' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.emailChangeCancelled)).toBeTruthy();
    await waitFor(() => expect(within(form).queryByText(/Waiting for confirmation at/)).toBeNull());
  });

  test('shows a wrong password under the password field', async () => {
    answerPage();
    api.on('POST /me/email', {
      status: 422,
      body: { message: ACCOUNT_MESSAGES.wrongPassword, errors: { password: [ACCOUNT_MESSAGES.wrongPassword] } },
    });
    renderPage();
    const form = region('Email');
    await userEvent.type(within(form).getByLabelText('New email address'), 'kaycee@ranch.test');
    await userEvent.type(within(form).getByLabelText('Your password'), 'Wrong#2026');
    await userEvent.click(within(form).getByRole('button', { name: 'Send confirmation link' }));
    expect(await within(form).findByText(ACCOUNT_MESSAGES.wrongPassword)).toBeTruthy();
    expect(within(form).queryByText(/Waiting for confirmation at/)).toBeNull();
  });
});

describe('the sessions list', () => {
  test('lists the devices, this one marked, and signs one out', async () => {
    answerPage();
    api.on('DELETE /me/sessions/s-2', {
      status: 200,
      body: { status: true, message: ACCOUNT_MESSAGES.sessionSignedOut },
    });
    renderPage();
    const list = await within(region('Sessions')).findByRole('list', { name: 'Signed-in devices' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByText('This device')).toBeTruthy();
    expect(within(list).getByText(/203\.0\.113\.x network/)).toBeTruthy();
    // The current device has no Sign out of its own.
    expect(within(list).getAllByRole('button', { name: /^Sign out / })).toHaveLength(2);

    await userEvent.click(within(list).getByRole('button', { name: 'Sign out Safari 17 on iOS 17.1' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.sessionSignedOut)).toBeTruthy();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    await waitFor(() => expect(document.activeElement).toBe(list));
  });

  test('signs out every other device', async () => {
    answerPage();
    api.on('DELETE /me/sessions', {
      status: 200,
      body: { status: true, message: ACCOUNT_MESSAGES.otherSessionsSignedOut(2), count: 2 },
    });
    renderPage();
    const section = region('Sessions');
    await within(section).findByRole('list', { name: 'Signed-in devices' });
    await userEvent.click(within(section).getByRole('button', { name: 'Sign out all other devices' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.otherSessionsSignedOut(2))).toBeTruthy();
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1));
    expect(
      (within(section).getByRole('button', { name: 'Sign out all other devices' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
