// @vitest-environment jsdom
import { MESSAGES } from '@corral/contract';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { useSession } from '../../../lib/session-store.ts';
import { draftKey } from '../../../lib/storage-keys.ts';
import { fakeApi, heldAnswer } from '../../../test/fake-api.ts';
import { landedAt, renderRoute, signInAs } from '../../../test/render-route.tsx';
import { OnboardingPage } from './onboarding-page.tsx';

const O = MESSAGES.onboarding;
const api = fakeApi();
const EVENT_TYPES = [
  { id: 1, name: 'Barrel Racing', abr: 'BRL' },
  { id: 2, name: 'Team Roping', abr: 'TR' },
];
const ASSOCIATIONS = [{ id: 3, name: "Women's Professional Rodeo Association", abr: 'WPRA' }];

let memberId = '';
beforeEach(() => {
  useSession.getState().clear();
  memberId = signInAs({ is_onboard: 0, verified: 0 }).id;
  api.on('GET /setup/event-types', { status: 200, body: EVENT_TYPES });
  api.on('GET /setup/associations', { status: 200, body: ASSOCIATIONS });
});

function open(url = '/onboarding') {
  const view = renderRoute(<OnboardingPage />, { path: '/onboarding', url });
  const user = userEvent.setup();
  const stepShown = () => screen.getByRole('progressbar').getAttribute('aria-label');
  const next = () => user.click(screen.getByRole('button', { name: 'Next' }));
  /** Next, and the step it should open once the answers are checked. */
  const nextTo = async (step: number) => {
    await next();
    await waitFor(() => expect(stepShown()).toBe(`Step ${step} of 6`));
  };
  return { ...view, user, next, nextTo, stepShown };
}

/** Answers steps 1 to 5 through the page, as a member does. */
async function answerAll(page: ReturnType<typeof open>) {
  await page.user.type(screen.getByLabelText('Date of birth'), '1994-03-21');
  await page.nextTo(2);
  await page.user.click(screen.getByRole('radio', { name: 'Female' }));
  await page.nextTo(3);
  await page.user.click(screen.getByRole('radio', { name: 'Yes, On Fill Rates' }));
  await page.nextTo(4);
  await page.user.click(await screen.findByRole('checkbox', { name: /Barrel Racing/ }));
  await page.nextTo(5);
  await page.user.click(await screen.findByRole('checkbox', { name: /WPRA/ }));
  await page.nextTo(6);
  await screen.findByRole('region', { name: 'Review your answers' });
}

describe('onboarding', () => {
  test("refuses Next on each unanswered step with the contract's message", async () => {
    const page = open();
    const refused = async (message: string) => {
      const step = page.stepShown();
      await page.next();
      expect((await screen.findByRole('alert')).textContent).toBe(message);
      expect(page.stepShown()).toBe(step);
    };
    await refused(O.dobRequired);
    await page.user.type(screen.getByLabelText('Date of birth'), '2999-01-01');
    await refused(O.dobFuture);
    await page.user.clear(screen.getByLabelText('Date of birth'));
    await page.user.type(screen.getByLabelText('Date of birth'), '1994-03-21');
    await page.nextTo(2);
    await refused(O.genderRequired);
    await page.user.click(screen.getByRole('radio', { name: 'Male' }));
    await page.nextTo(3);
    await refused(O.optionRequired);
    await page.user.click(screen.getByRole('radio', { name: 'No' }));
    await page.nextTo(4);
    await screen.findByRole('checkbox', { name: /Team Roping/ });
    await refused(O.eventsRequired);
    await page.user.click(screen.getByRole('checkbox', { name: /Team Roping/ }));
    await page.nextTo(5);
    await refused(O.associationsRequired);
    await page.user.click(screen.getByRole('checkbox', { name: /WPRA/ }));
    await page.nextTo(6);
    expect(api.calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  test('keeps its step in the address: Back goes one step back with the answers kept, Forward returns', async () => {
    const page = open();
    await page.user.type(screen.getByLabelText('Date of birth'), '1994-03-21');
    await page.nextTo(2);
    expect(page.address()).toBe('/onboarding?step=2');
    await page.user.click(screen.getByRole('radio', { name: 'Male' }));
    await page.nextTo(3);
    expect(page.address()).toBe('/onboarding?step=3');
    await act(() => page.router.navigate(-1));
    expect(page.stepShown()).toBe('Step 2 of 6');
    expect(screen.getByRole('radio', { name: 'Male' })).toHaveProperty('checked', true);
    await act(() => page.router.navigate(-1));
    expect(page.address()).toBe('/onboarding');
    expect(screen.getByLabelText('Date of birth')).toHaveProperty('value', '1994-03-21');
    await act(() => page.router.navigate(1));
    expect(page.stepShown()).toBe('Step 2 of 6');
  });

  test('comes back after a reload on the same step with every answer, from the member draft', async () => {
    const first = open();
    await first.user.type(screen.getByLabelText('Date of birth'), '1994-03-21');
    await first.nextTo(2);
    await first.user.click(screen.getByRole('radio', { name: 'Female' }));
    await first.nextTo(3);
    await first.user.click(screen.getByRole('radio', { name: 'No' }));
    first.unmount();

    const again = open('/onboarding?step=3');
    expect(again.stepShown()).toBe('Step 3 of 6');
    expect(screen.getByRole('radio', { name: 'No' })).toHaveProperty('checked', true);
    await again.user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('radio', { name: 'Female' })).toHaveProperty('checked', true);
    await again.user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByLabelText('Date of birth')).toHaveProperty('value', '1994-03-21');
  });

  test('never opens a step whose earlier answers are missing: the address is corrected to the first missing one', async () => {
    localStorage.setItem(
      draftKey({ member: memberId, form: 'onboarding' }),
      JSON.stringify({ age: '1994-03-21', gender: 'female', event_type_ids: ['1'], association_ids: [] }),
    );
    const page = open('/onboarding?step=6');
    expect(page.stepShown()).toBe('Step 3 of 6');
    expect(page.address()).toBe('/onboarding?step=3');
  });

  test('submits once for a double press, shows a refusal on its step, then forgets the draft once the answers are in', async () => {
    let answer = heldAnswer();
    api.on('POST /on-board', () => answer.answer());
    const page = open('/onboarding?next=%2Fsocial_home%2Fpost%2F42');
    await answerAll(page);
    expect(localStorage.getItem(draftKey({ member: memberId, form: 'onboarding' }))).not.toBeNull();

    await page.user.dblClick(screen.getByRole('button', { name: 'Submit' }));
    answer.release({
      status: 422,
      body: { message: 'The given data was invalid.', errors: { 'event_type_ids.0': [O.eventsRequired] } },
    });
    await waitFor(() => expect(page.stepShown()).toBe('Step 4 of 6'));
    expect(screen.getByRole('alert').textContent).toBe(O.eventsRequired);
    expect(page.address()).toBe('/onboarding?next=%2Fsocial_home%2Fpost%2F42&step=4');
    expect(api.callsTo('POST /on-board')).toHaveLength(1);
    expect((await screen.findAllByText(O.failed)).length).toBeGreaterThan(0);

    answer = heldAnswer();
    await page.user.click(screen.getByRole('checkbox', { name: /Team Roping/ }));
    await page.nextTo(5);
    await page.nextTo(6);
    await page.user.click(screen.getByRole('button', { name: 'Submit' }));
    answer.release({
      status: 200,
      body: { user: { ...useSession.getState().currentUser, is_onboard: 1 } },
    });
    expect(await landedAt()).toBe('/phone-verify?next=%2Fsocial_home%2Fpost%2F42');
    expect(api.callsTo('POST /on-board').at(-1)?.body).toEqual({
      age: '1994-03-21',
      gender: 'female',
      transport_id: 1,
      event_type_ids: [1, 2],
      association_ids: [3],
    });
    expect(localStorage.getItem(draftKey({ member: memberId, form: 'onboarding' }))).toBeNull();
  });
});
