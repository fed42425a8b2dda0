// @vitest-environment jsdom
import { ACCOUNT_MESSAGES } from '@corral/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { ConfirmEmailPage } from './confirm-email-page.tsx';
import { UndoEmailPage } from './undo-email-page.tsx';

const api = fakeApi();

const openConfirm = (hash: string) =>
  renderRoute(<ConfirmEmailPage />, { path: '/confirm-email', url: `/confirm-email${hash}` });
const openUndo = (hash: string) =>
  renderRoute(<UndoEmailPage />, { path: '/undo-email-change', url: `/undo-email-change${hash}` });

describe('the confirmation link', () => {
  test('confirms on arrival with the token of the fragment, once', async () => {
    api.on('POST /me/email/confirm', {
      status: 200,
      body: { status: true, message: ACCOUNT_MESSAGES.emailConfirmed('new@example.com'), email: 'new@example.com' },
    });
    openConfirm('#token=abc-123');
    expect(await screen.findByRole('heading', { name: 'Email address confirmed' })).toBeTruthy();
    expect(screen.getByText(/Your email address is now new@example.com/)).toBeTruthy();
    expect(api.callsTo('POST /me/email/confirm').map((call) => call.body)).toEqual([{ token: 'abc-123' }]);
  });

  test.each([
    ['expired', ACCOUNT_MESSAGES.linkExpired, 'This link has expired'],
    ['used', ACCOUNT_MESSAGES.linkUsed, 'This link was already used'],
    ['invalid', ACCOUNT_MESSAGES.linkInvalid, 'This link is not valid'],
  ])('says when the link is %s', async (code, message, title) => {
    api.on('POST /me/email/confirm', { status: 400, body: { message, code } });
    openConfirm('#token=abc');
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(message);
  });

  test('without a token says the link is not valid and asks nothing', async () => {
    openConfirm('');
    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeTruthy();
    expect(api.calls).toEqual([]);
  });
});

describe('the undo link', () => {
  test('waits for the press, then puts the address back and offers a password reset', async () => {
    api.on('POST /me/email/undo', {
      status: 200,
      body: { status: true, message: ACCOUNT_MESSAGES.emailUndone('old@example.com'), email: 'old@example.com' },
    });
    openUndo('#token=undo-1');
    await screen.findByRole('heading', { name: 'Undo the email change' });
    expect(api.calls).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Put my former address back' }));
    expect(await screen.findByRole('heading', { name: 'Your address is back' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Reset your password' }).getAttribute('href')).toBe('/forgot-password');
    expect(api.callsTo('POST /me/email/undo').map((call) => call.body)).toEqual([{ token: 'undo-1' }]);
  });

  test('says when the link was already used', async () => {
    api.on('POST /me/email/undo', { status: 400, body: { message: ACCOUNT_MESSAGES.linkUsed, code: 'used' } });
    openUndo('#token=undo-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Put my former address back' }));
    expect(await screen.findByRole('heading', { name: 'This link was already used' })).toBeTruthy();
  });
});
