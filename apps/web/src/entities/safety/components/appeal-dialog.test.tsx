// @vitest-environment jsdom
import { MODERATION_MESSAGES } from '@corral/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, test } from 'vitest';
import { readDraft } from '../../../lib/drafts.ts';
import { fakeApi, heldAnswer } from '../../../test/fake-api.ts';
import { renderRoute, signInAs } from '../../../test/render-route.tsx';
import { AppealDialog } from './appeal-dialog.tsx';

const api = fakeApi();

/** The dialog as the standing page opens it: a button opens it, closing it hides it. */
function Opener({ actionId }: { actionId: number }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open appeal
      </button>
      <AppealDialog actionId={actionId} summary="Warning: Harassment" open={open} onOpenChange={setOpen} />
    </>
  );
}

function renderDialog(actionId = 12) {
  const view = renderRoute(<Opener actionId={actionId} />, { path: '/standing' });
  const user = userEvent.setup();
  const box = () => screen.getByRole('textbox', { name: 'Why should this decision change?' });
  const send = () => user.click(screen.getByRole('button', { name: 'Send appeal' }));
  return { ...view, user, box, send };
}

const draftOf = (item: number) => readDraft({ member: 'member-1', form: 'appeal', item });

beforeEach(() => {
  signInAs({ id: 'member-1', is_onboard: 1, verified: 1 });
});

describe('the appeal dialog', () => {
  test('asks for a reason before sending anything', async () => {
    const dialog = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Appeal this decision' }).textContent).toContain('Warning: Harassment');
    await dialog.user.type(dialog.box(), '   ');
    await dialog.send();
    expect((await screen.findByRole('alert')).textContent).toBe(MODERATION_MESSAGES.appealRequired);
    expect(api.calls).toHaveLength(0);
  });

  test('keeps what is typed when closed, and sends it once: the draft goes, the dialog closes', async () => {
    const dialog = renderDialog();
    await dialog.user.type(dialog.box(), 'It was a joke between friends.');
    expect(draftOf(12)).toBe('It was a joke between friends.');
    await dialog.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await dialog.user.click(screen.getByRole('button', { name: 'Open appeal' }));
    expect(dialog.box()).toHaveProperty('value', 'It was a joke between friends.');

    const held = heldAnswer();
    api.on('POST /appeals', held.answer);
    await dialog.send();
    await dialog.send();
    expect(screen.getByRole('button', { name: 'Send appeal' }).getAttribute('aria-busy')).toBe('true');
    held.release({ status: 200, body: { status: true, message: MODERATION_MESSAGES.appealReceived } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST /appeals')).toHaveLength(1);
    expect(api.calls[0]?.body).toEqual({ action_id: 12, text: 'It was a joke between friends.' });
    expect(draftOf(12)).toBeUndefined();
    expect((await screen.findAllByText(MODERATION_MESSAGES.appealReceived)).length).toBeGreaterThan(0);
  });

  test('already appealed: says so in the dialog, and forgets the draft', async () => {
    api.on('POST /appeals', { status: 409, body: { message: MODERATION_MESSAGES.alreadyAppealed } });
    const dialog = renderDialog(13);
    await dialog.user.type(dialog.box(), 'Please look again.');
    await dialog.send();
    expect((await screen.findByRole('alert')).textContent).toBe(MODERATION_MESSAGES.alreadyAppealed);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send appeal' })).toBeNull();
    expect(draftOf(13)).toBeUndefined();
    await dialog.user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('a refusal for another reason keeps the draft to send again', async () => {
    api.on('POST /appeals', { status: 429, body: { message: 'Too many requests. Try again later.' } });
    const dialog = renderDialog(14);
    await dialog.user.type(dialog.box(), 'Please look again.');
    await dialog.send();
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests. Try again later.');
    expect(draftOf(14)).toBe('Please look again.');
    expect(screen.getByRole('button', { name: 'Send appeal' })).toBeTruthy();
  });
});
