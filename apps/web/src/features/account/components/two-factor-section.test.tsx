// @vitest-environment jsdom
import { TWO_FACTOR_MESSAGES as M } from '@corral/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderRoute, signInAs } from '../../../test/render-route.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

const api = fakeApi();
const codes = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, '0')}`);
const off = { status: 200, body: { enabled: false, enabled_at: null, recovery_codes_left: 0 } };
const on = { status: 200, body: { enabled: true, enabled_at: '2026-03-02T09:00:00.000Z', recovery_codes_left: 10 } };

beforeEach(() => {
  signInAs({ is_onboard: 1, verified: 1 });
});

function open() {
  renderRoute(<TwoFactorSection />, { path: '/account' });
  return userEvent.setup();
}

describe('the two-factor section', () => {
  test('turns two-factor on: password, QR code and key, a code, then the recovery codes', async () => {
    api.on('GET /me/two-factor', off);
    const user = open();
    expect(await screen.findByText('Off')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn on two-factor sign-in' });

    api.on('POST /me/two-factor', {
      status: 422,
      body: { message: M.wrongPassword, errors: { password: [M.wrongPassword] } },
    });
    await user.type(within(dialog).getByLabelText('Password', { selector: 'input' }), 'Wrong#2026');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText(M.wrongPassword)).toBeTruthy();

    api.on('POST /me/two-factor', {
      status: 200,
      body: {
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        otpauth_uri: 'otpauth://totp/Corral:kaycee%40example.com?issuer=Corral&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const qr = await within(dialog).findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(within(dialog).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();

    await user.type(within(dialog).getByLabelText('Code from the app'), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await within(dialog).findByText(M.codeFormat)).toBeTruthy();
    expect(api.callsTo('POST /me/two-factor/verify')).toHaveLength(0);

    api.on('POST /me/two-factor/verify', {
      status: 200,
      body: { status: true, message: M.enabled, recovery_codes: codes },
    });
    api.on('GET /me/two-factor', on);
    await user.type(within(dialog).getByLabelText('Code from the app'), '3456');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    const list = await within(dialog).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(api.callsTo('POST /me/two-factor/verify')[0]?.body).toEqual({ code: '123456' });
    expect(within(dialog).getByRole('button', { name: 'Copy codes' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Download codes' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText(/10 of 10 recovery codes left/)).toBeTruthy();
  });

  test('makes new recovery codes and turns two-factor off, each after the password', async () => {
    api.on('GET /me/two-factor', on);
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'New recovery codes' }));
    let dialog = await screen.findByRole('dialog', { name: 'New recovery codes' });
    api.on('POST /me/two-factor/recovery-codes', {
      status: 200,
      body: { status: true, message: M.codesRegenerated, recovery_codes: codes },
    });
    await user.type(within(dialog).getByLabelText('Password', { selector: 'input' }), 'Lariat#2026');
    await user.click(within(dialog).getByRole('button', { name: 'Make new codes' }));
    expect(await within(dialog).findByRole('list', { name: 'Recovery codes' })).toBeTruthy();
    expect(api.callsTo('POST /me/two-factor/recovery-codes')[0]?.body).toEqual({ password: 'Lariat#2026' });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in' });
    api.on('DELETE /me/two-factor', { status: 200, body: { status: true, message: M.disabled } });
    api.on('GET /me/two-factor', off);
    await user.type(within(dialog).getByLabelText('Password', { selector: 'input' }), 'Lariat#2026');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Off')).toBeTruthy();
    expect(api.callsTo('DELETE /me/two-factor')[0]?.body).toEqual({ password: 'Lariat#2026' });
  });
});
