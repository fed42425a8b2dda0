// @vitest-environment jsdom
import { MESSAGES } from '@corral/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

const R = MESSAGES.resetPassword;
const api = fakeApi();
const open = (url: string) => renderRoute(<ResetPasswordPage />, { path: '/reset-password', url });

test('a link without a token says so from the first render, and never shows the form', () => {
  for (const url of ['/reset-password', '/reset-password#token=', '/reset-password?token=']) {
    const { container, unmount } = open(url);
    // Read straight after the first render: nothing has had a chance to replace a form with the message.
    expect(screen.getByRole('alert').textContent, url).toBe(R.invalidToken);
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/forgot-password');
    expect(container.querySelector('input[type="password"]'), url).toBeNull();
    unmount();
  }
  expect(api.calls).toHaveLength(0);
});

test('a link with a token shows the form; a token the server refuses says so with a way to a new link', async () => {
  api.on('POST /reset-password', { status: 422, body: { message: R.invalidToken } });
  open('/reset-password#token=expired-token');
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('New Password'), 'Spurs&2027');
  await user.type(screen.getByLabelText('Confirm Password'), 'Spurs&2027');
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
  expect((await screen.findByRole('alert')).textContent).toBe(R.invalidToken);
  expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeTruthy();
  expect(api.calls[0]?.body).toEqual({ token: 'expired-token', password: 'Spurs&2027' });
});
