// @vitest-environment jsdom
import { CONVERSATION_MESSAGES, MODERATION_MESSAGES } from '@corral/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../config/paths.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderRoute, signInAs } from '../../../test/render-route.tsx';
import { QueuePage } from './queue-page.tsx';
import { reportedHaulOffer, reportedMessage, reportedPost } from './test-cases.ts';

const api = fakeApi();

const second = reportedPost({
  id: 8,
  target_type: 'user',
  reporters: 1,
  weight: 1,
  held: false,
  item: { ...reportedPost().item, target_type: 'user', target_id: 'hank', text: null, images: [], state: 'live' },
  appeal: null,
});

function renderQueue(url = '/moderation') {
  return renderRoute(<QueuePage />, { path: '/moderation', url });
}

/** Whether the server has decided case 7 (it then answers it under Resolved only). */
let decided = false;

/** The server deciding case 7. */
const decide = () => {
  decided = true;
  return { status: 200, body: { data: { ...reportedPost(), status: 'resolved', resolution: 'remove' } } };
};

beforeEach(() => {
  signInAs({ id: 'mod-1', is_onboard: 1, verified: 1, role: 'moderator' });
  decided = false;
  api.on('GET /moderation/reports', (call) =>
    call.path.includes('status=resolved')
      ? {
          status: 200,
          body: {
            data: decided ? [{ ...reportedPost(), status: 'resolved', resolution: 'remove' }] : [],
            next_cursor: null,
          },
        }
      : { status: 200, body: { data: decided ? [second] : [reportedPost(), second], next_cursor: null } },
  );
  api.on('POST /moderation/reports/7/actions', decide);
});

describe('the moderation queue', () => {
  test('shows each case with the item as reported, every report, the author history, in tabs', async () => {
    renderQueue();
    const card = await screen.findByRole('article', { name: 'Post by Boone Harlan' });
    expect(screen.getByRole('tablist', { name: 'Cases' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Open' }).getAttribute('aria-selected')).toBe('true');
    const inCard = within(card);
    expect(inCard.getByText('Cheap saddles, click here')).toBeTruthy();
    expect(inCard.getByText('Held for review')).toBeTruthy();
    expect(inCard.getByText('3 reporters')).toBeTruthy();
    expect(inCard.getByRole('img', { name: '1 of 1 in the reported post by Boone Harlan' })).toBeTruthy();
    const reports = inCard.getByRole('group', { name: 'Reports (3)' });
    expect(within(reports).getAllByRole('listitem')).toHaveLength(3);
    expect(within(reports).getByText('Posted the same link in five groups')).toBeTruthy();
    expect(inCard.getByText('4, 1 upheld')).toBeTruthy();
    expect(inCard.getByRole('group', { name: 'Actions on Post by Boone Harlan' })).toBeTruthy();
    expect(inCard.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Dismiss',
      'Remove',
      'Warn',
      'Suspend',
      'Ban',
    ]);
    expect(screen.getByRole('article', { name: 'Member Boone Harlan' })).toBeTruthy();
  });

  test('highlights an open appeal with the action it appeals', async () => {
    api.on('GET /moderation/reports', {
      status: 200,
      body: {
        data: [
          reportedPost({
            appeal: {
              id: 3,
              action_id: 9,
              action: 'remove',
              text: 'It was a joke',
              status: 'open',
              created_at: '2026-11-24T12:00:00.000Z',
            },
          }),
        ],
        next_cursor: null,
      },
    });
    renderQueue();
    const appeal = await screen.findByRole('group', { name: 'Appeal of “Removed”' });
    expect(within(appeal).getByText('It was a joke')).toBeTruthy();
  });

  test('asks for a reason, shows the server refusal verbatim keeping what was typed, then decides', async () => {
    const user = userEvent.setup();
    renderQueue();
    await user.click(
      within(await screen.findByRole('article', { name: 'Post by Boone Harlan' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove this post' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(document.activeElement).toBe(reason);

    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(MODERATION_MESSAGES.reasonRequired);
    expect(api.callsTo('POST /moderation/reports/7/actions')).toHaveLength(0);

    api.on('POST /moderation/reports/7/actions', { status: 409, body: { message: MODERATION_MESSAGES.caseResolved } });
    await user.type(reason, 'Spam link');
    await user.type(within(dialog).getByRole('textbox', { name: 'Note to the member (optional)' }), 'No ads here.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MODERATION_MESSAGES.caseResolved);
    expect(reason).toHaveProperty('value', 'Spam link');
    expect(api.callsTo('POST /moderation/reports/7/actions')[0]?.body).toEqual({
      action: 'remove',
      reason: 'Spam link',
      note: 'No ads here.',
    });

    api.on('POST /moderation/reports/7/actions', decide);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('The post was removed.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Post by Boone Harlan' })).toBeNull());
    // The focus goes on to the next case.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('article', { name: 'Member Boone Harlan' })),
    );
  });

  test('suspends until a chosen day, sent as the start of that day', async () => {
    const user = userEvent.setup();
    renderQueue();
    await user.click(
      within(await screen.findByRole('article', { name: 'Post by Boone Harlan' })).getByRole('button', {
        name: 'Suspend',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Boone Harlan' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Threats');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(within(dialog).getByText(MODERATION_MESSAGES.suspendUntilRequired)).toBeTruthy();
    const until = within(dialog).getByLabelText('Suspended until');
    const day = until.getAttribute('min') ?? '';
    await user.type(until, day);
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await screen.findByText(/^Boone Harlan is suspended until/);
    expect(api.callsTo('POST /moderation/reports/7/actions')[0]?.body).toEqual({
      action: 'suspend',
      reason: 'Threats',
      until: `${day}T00:00:00.000Z`,
    });
  });

  test('lists resolved cases under their tab, kept in the address', async () => {
    const user = userEvent.setup();
    const view = renderQueue();
    await screen.findByRole('article', { name: 'Post by Boone Harlan' });
    await user.click(screen.getByRole('tab', { name: 'Resolved' }));
    expect(await screen.findByText('No resolved cases yet.')).toBeTruthy();
    expect(view.address()).toBe('/moderation?status=resolved');
  });
});

describe('a reported direct message', () => {
  test('shows the conversation around it with the reported message marked, and its actions', async () => {
    api.on('GET /moderation/reports', { status: 200, body: { data: [reportedMessage()], next_cursor: null } });
    renderQueue();
    const card = await screen.findByRole('article', { name: 'Message by Boone Harlan' });
    const inCard = within(card);
    const conversation = inCard.getByRole('list', { name: 'Conversation' });
    const messages = within(conversation)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === conversation);
    expect(messages).toHaveLength(4);
    expect(messages.map((li) => li.getAttribute('aria-current'))).toEqual([null, null, 'true', null]);
    const reported = within(messages[2] as HTMLElement);
    expect(reported.getByText('Pay up or I tell everyone')).toBeTruthy();
    expect(reported.getByText('Reported')).toBeTruthy();
    expect(reported.getByRole('link', { name: 'Boone Harlan' }).getAttribute('href')).toBe(paths.userProfile('boone'));
    expect(within(messages[0] as HTMLElement).getByText('Is the saddle still for sale?')).toBeTruthy();
    expect(within(messages[1] as HTMLElement).getByText(CONVERSATION_MESSAGES.deletedMessage)).toBeTruthy();
    expect(
      within(messages[3] as HTMLElement).getByRole('img', { name: '1 of 1 in a message by Savannah Reyes' }),
    ).toBeTruthy();
    // The message is not repeated outside its conversation, and has no page of its own to open.
    expect(inCard.getAllByText('Pay up or I tell everyone')).toHaveLength(1);
    expect(inCard.queryByRole('link', { name: /^Open the/ })).toBeNull();
    expect(inCard.getByText('Live')).toBeTruthy();
  });

  test('removes the message through the same dialog, in the words of a message', async () => {
    const user = userEvent.setup();
    api.on('GET /moderation/reports', { status: 200, body: { data: [reportedMessage()], next_cursor: null } });
    api.on('POST /moderation/reports/9/actions', {
      status: 200,
      body: { data: { ...reportedMessage(), status: 'resolved', resolution: 'remove', available_actions: [] } },
    });
    renderQueue();
    const card = await screen.findByRole('article', { name: 'Message by Boone Harlan' });
    await user.click(within(card).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this message' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Threats');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('The message was removed.')).toBeTruthy();
    expect(api.callsTo('POST /moderation/reports/9/actions')[0]?.body).toEqual({ action: 'remove', reason: 'Threats' });
  });
});

describe('a reported hauling offer', () => {
  test('shows the offer as members saw it: event, origin, dates, stalls, price, notes; and its actions', async () => {
    api.on('GET /moderation/reports', { status: 200, body: { data: [reportedHaulOffer()], next_cursor: null } });
    renderQueue();
    const card = await screen.findByRole('article', { name: 'Hauling offer by Boone Harlan' });
    const inCard = within(card);
    expect(inCard.getByText('The hauling offer as members saw it')).toBeTruthy();
    expect(inCard.getByText('Held for review')).toBeTruthy();
    expect(inCard.getByText('Cody Stampede')).toBeTruthy();
    expect(inCard.getByText('Cody, WY')).toBeTruthy();
    expect(inCard.getByText('3 of 4 free · slant')).toBeTruthy();
    expect(inCard.getByText('$80 per horse · Fill')).toBeTruthy();
    expect(inCard.getByText('Deposit by wire only, before I answer')).toBeTruthy();
    expect(inCard.getByText('Leaving')).toBeTruthy();
    // Held, it is hidden on the board from moderators too: no link to it.
    expect(inCard.queryByRole('link', { name: 'Open the event’s hauling board' })).toBeNull();
    expect(inCard.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Dismiss',
      'Remove',
      'Restore',
      'Warn',
      'Suspend',
      'Ban',
    ]);
  });

  test('links a live offer to its event’s hauling board', async () => {
    const live = reportedHaulOffer({ held: false, item: { ...reportedHaulOffer().item, state: 'live' } });
    api.on('GET /moderation/reports', { status: 200, body: { data: [live], next_cursor: null } });
    renderQueue();
    const card = await screen.findByRole('article', { name: 'Hauling offer by Boone Harlan' });
    expect(within(card).getByText('Live')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Open the event’s hauling board' }).getAttribute('href')).toBe(
      paths.eventHauling(88),
    );
  });

  test('shows a reported review with its rating and whom it is about, and no link once removed', async () => {
    const review = reportedHaulOffer({
      id: 12,
      target_type: 'haul_review',
      item: {
        ...reportedHaulOffer().item,
        target_type: 'haul_review',
        target_id: '5',
        state: 'removed',
        haul: {
          kind: 'review',
          booking_id: 3,
          rating: 1,
          comment: 'Never ride with her',
          subject: { id: 'r1', first_name: 'Savannah', last_name: 'Reyes', avatar: null },
        },
      },
    });
    api.on('GET /moderation/reports', { status: 200, body: { data: [review], next_cursor: null } });
    renderQueue();
    const card = await screen.findByRole('article', { name: 'Hauling review by Boone Harlan' });
    const inCard = within(card);
    expect(inCard.getByRole('img', { name: '1 of 5 stars' })).toBeTruthy();
    expect(inCard.getByText('Never ride with her')).toBeTruthy();
    const figure = within(inCard.getByText('The hauling review as members saw it').closest('figure') as HTMLElement);
    expect(figure.getByRole('link', { name: 'Savannah Reyes' }).getAttribute('href')).toBe(paths.userProfile('r1'));
    expect(inCard.queryByRole('link', { name: /hauling board/ })).toBeNull();
  });
});
