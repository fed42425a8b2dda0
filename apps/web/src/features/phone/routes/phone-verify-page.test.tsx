// @vitest-environment jsdom
import { MESSAGES } from '@corral/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { useSession } from '../../../lib/session-store.ts';
import { fakeApi, heldAnswer } from '../../../test/fake-api.ts';
import { renderRoute, signInAs } from '../../../test/render-route.tsx';
import { PhoneVerifyPage } from './phone-verify-page.tsx';

const P = MESSAGES.phone;
const api = fakeApi();
const SEND = 'POST /contacts/send-verification-code';
const VALIDATE = 'POST /contacts/validate-verification-code';
const sent = { status: 200, body: { status: true, message: P.codeSent, phone: '+14155550123', resend_after: 0 } };

beforeEach(() => {
  useSession.getState().clear();
  signInAs({ is_onboard: 1, verified: 0 });
});

function open(url = '/phone-verify') {
  const view = renderRoute(<PhoneVerifyPage />, { path: '/phone-verify', url });
  const user = userEvent.setup();
  return {
    ...view,
    user,
    phone: () => screen.getByLabelText('Phone number') as HTMLInputElement,
    send: () => screen.getByRole('button', { name: 'Send code' }),
    verify: () => screen.getByRole('button', { name: 'Verify' }),
  };
}

/** Opens the page and gets a code sent to a valid number: the code step. */
async function atCodeStep(url?: string) {
  api.on(SEND, sent);
  const page = open(url);
  await page.user.type(page.phone(), '(415) 555-0123');
  await page.user.click(page.send());
  await screen.findByRole('group', { name: 'Verification code' });
  return page;
}

const boxesRead = () =>
  within(screen.getByRole('group', { name: 'Verification code' }))
    .getAllByRole('textbox')
    .map((box) => (box as HTMLInputElement).value)
    .join('');

describe('the phone step', () => {
  test('asks for a number, then a valid one, with the contract messages, and asks the server nothing', async () => {
    const page = open();
    await page.user.click(page.send());
    expect(screen.getByRole('alert').textContent).toBe(P.phoneRequired);
    await page.user.type(page.phone(), '555 12');
    expect(screen.queryByText(P.phoneRequired)).toBeNull();
    await page.user.click(page.send());
    expect(screen.getByRole('alert').textContent).toBe(P.phoneInvalid);
    expect(page.phone().getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toHaveLength(0);
  });

  test('drops the invalid-number message once the number is valid, under the hint that says so', async () => {
    const page = open();
    await page.user.type(page.phone(), '415 555');
    await page.user.click(page.send());
    expect(screen.getByText(P.phoneInvalid)).toBeTruthy();
    await page.user.type(page.phone(), '0123');
    expect(screen.getByText('We will text the code to +14155550123.')).toBeTruthy();
    expect(screen.queryByText(P.phoneInvalid)).toBeNull();
    expect(page.phone().getAttribute('aria-invalid')).toBeNull();
  });

  test("keeps the server's refusal under the number it refused, until the number changes", async () => {
    api.on(SEND, { status: 422, body: { message: P.numberInUse } });
    const page = open();
    await page.user.type(page.phone(), '(415) 555-0123');
    await page.user.click(page.send());
    expect((await screen.findByRole('alert')).textContent).toBe(P.numberInUse);
    await page.user.type(page.phone(), '4');
    expect(screen.queryByText(P.numberInUse)).toBeNull();
  });

  test('sends one code for a double press', async () => {
    const held = heldAnswer();
    api.on(SEND, held.answer);
    const page = open();
    await page.user.type(page.phone(), '(415) 555-0123');
    await page.user.dblClick(page.send());
    held.release(sent);
    await screen.findByRole('group', { name: 'Verification code' });
    expect(api.callsTo(SEND)).toHaveLength(1);
  });
});

describe('the code step', () => {
  test('enables Verify only with all six digits', async () => {
    const page = await atCodeStep();
    expect(page.verify()).toHaveProperty('disabled', true);
    await page.user.click(screen.getByLabelText('Digit 1 of 6'));
    await page.user.keyboard('23290');
    expect(page.verify()).toHaveProperty('disabled', true);
    await page.user.keyboard('3');
    expect(page.verify()).toHaveProperty('disabled', false);
  });

  test("shows the server's refusal of a wrong code; the right one, autofilled into box 1, verifies", async () => {
    api.on(VALIDATE, (call) =>
      (call.body as { code: string }).code === '232903'
        ? { status: 200, body: { data: { user: { ...useSession.getState().currentUser, verified: 1 } } } }
        : { status: 422, body: { message: P.codeInvalid } },
    );
    const page = await atCodeStep();
    await page.user.click(screen.getByLabelText('Digit 1 of 6'));
    await page.user.keyboard('200000');
    await page.user.click(page.verify());
    expect((await screen.findByRole('alert')).textContent).toBe(P.codeInvalid);

    // The text message's code arrives in box 1, which holds a 2, as one input event (what SMS autofill does).
    fireEvent.input(screen.getByLabelText('Digit 1 of 6'), {
      target: { value: '232903' },
      data: '232903',
      inputType: 'insertReplacementText',
    });
    expect(boxesRead()).toBe('232903');
    await page.user.click(page.verify());
    expect(await screen.findByRole('heading', { name: 'Phone verified' })).toBeTruthy();
    expect(api.callsTo(VALIDATE).map((call) => (call.body as { code: string }).code)).toEqual(['200000', '232903']);
    expect(screen.getByRole('link', { name: 'Go to Friend List' }).getAttribute('href')).toBe(
      '/social_home/friend-list',
    );
  });

  test('checks a code once for a double press', async () => {
    const held = heldAnswer();
    api.on(VALIDATE, held.answer);
    const page = await atCodeStep();
    await page.user.click(screen.getByLabelText('Digit 1 of 6'));
    await page.user.keyboard('232903');
    await page.user.dblClick(page.verify());
    await page.user.keyboard('{Enter}');
    held.release({ status: 422, body: { message: P.codeInvalid } });
    expect((await screen.findByRole('alert')).textContent).toBe(P.codeInvalid);
    expect(api.callsTo(VALIDATE)).toHaveLength(1);
  });

  test('goes on to the page the member came for, once verified', async () => {
    api.on(VALIDATE, {
      status: 200,
      body: { data: { user: { ...useSession.getState().currentUser, verified: 1 } } },
    });
    const page = await atCodeStep('/phone-verify?next=%2Fsocial_home%2Fevent%2F7');
    await page.user.click(screen.getByLabelText('Digit 1 of 6'));
    await page.user.keyboard('232903');
    await page.user.click(page.verify());
    const onward = await screen.findByRole('link', { name: 'Continue' });
    expect(onward.getAttribute('href')).toBe('/social_home/event/7');
  });
});
