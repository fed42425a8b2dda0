// @vitest-environment jsdom
import { CONVERSATION_MESSAGES, type Message, type SendMessageRequest } from '@corral/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, onTestFinished, test, vi } from 'vitest';
import { fakeApi, heldAnswer } from '../../../test/fake-api.ts';
import { fakeUploads } from '../../../test/fake-upload.ts';
import { renderRoute, signInAs } from '../../../test/render-route.tsx';
import { conversation, ME, message, OTHER, page } from '../api/test-messages.ts';
import { ConversationView } from './conversation-view.tsx';
import { clearOutbox } from './outbox.ts';

const api = fakeApi();
const uploads = fakeUploads();

/** jsdom's File (what its FormData takes), with previews by a made-up object URL (jsdom has none). */
const photoFile = (name: string) => new File(['not really a jpeg'], name, { type: 'image/jpeg' });
beforeEach(() => {
  let previews = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:preview-${++previews}`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});

/** The server's copy of a message the viewer sent (ids from 100 on). */
let nextId = 100;
const sentBy = (request: SendMessageRequest & { recipient_id?: string }): Message =>
  message(nextId++, { sender_id: ME, body: request.body ?? '', client_id: request.client_id });

beforeEach(() => {
  nextId = 100;
  signInAs({ id: ME, first_name: 'Dakota', last_name: 'Reyes', is_onboard: 1, verified: 1 });
  api.on('GET /conversations/7/messages', { status: 200, body: page([message(2), message(1)]) });
  api.on('POST /conversations/7/messages', (call) => ({
    status: 201,
    body: { message: sentBy(call.body as SendMessageRequest), conversation: conversation() },
  }));
  api.on('POST /conversations/7/read', { status: 200, body: { data: conversation() } });
});
afterEach(() => clearOutbox());

function renderView(props: Partial<Parameters<typeof ConversationView>[0]> = {}) {
  const onBack = vi.fn();
  const view = renderRoute(<ConversationView conversationId={7} recipientId={null} onBack={onBack} {...props} />, {
    path: '/messages',
  });
  return { ...view, onBack };
}

const composer = () => screen.findByRole('textbox', { name: 'Message to Wade Hollis' });
const log = () => screen.getByRole('log', { name: 'Messages with Wade Hollis' });
const sends = () => api.callsTo('POST /conversations/7/messages').map((call) => call.body as SendMessageRequest);

describe('the composer', () => {
  test('has the focus on opening; Enter sends, and the focus stays for the next message', async () => {
    const user = userEvent.setup();
    renderView();
    const box = await composer();
    await waitFor(() => expect(document.activeElement).toBe(box));
    await user.type(box, 'Howdy, partner{Enter}');

    await waitFor(() => expect(sends()).toHaveLength(1));
    expect(sends()[0]?.body).toBe('Howdy, partner');
    expect(sends()[0]?.client_id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(box).toHaveProperty('value', '');
    expect(document.activeElement).toBe(box);
    expect(await within(log()).findByText('Howdy, partner')).toBeTruthy();
  });

  test('Shift+Enter starts a new line and sends nothing; a blank message is not sent', async () => {
    const user = userEvent.setup();
    renderView();
    const box = await composer();
    await user.type(box, '   {Enter}');
    await user.type(box, 'Line one{Shift>}{Enter}{/Shift}Line two');
    expect(box).toHaveProperty('value', '   Line one\nLine two');
    expect(sends()).toHaveLength(0);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sends()[0]?.body).toBe('Line one\nLine two'));
  });

  test('shows the count near the limit', async () => {
    const user = userEvent.setup();
    renderView();
    const box = await composer();
    await user.click(box);
    await user.paste('a'.repeat(1800));
    expect(screen.queryByText('1800 / 2000')).toBeNull();
    await user.type(box, 'b');
    expect(screen.getByText('1801 / 2000')).toBeTruthy();
    expect(box.getAttribute('maxlength')).toBe('2000');
  });

  test('a failed send shows as not sent; Retry sends it again with the same client id, Discard forgets it', async () => {
    const user = userEvent.setup();
    const refused = { status: 503, body: { message: 'Something went wrong.' } };
    api.on('POST /conversations/7/messages', refused);
    renderView();
    const box = await composer();
    await user.type(box, 'First try{Enter}');
    await user.type(box, 'Second{Enter}');

    expect(await within(log()).findAllByText(/Not sent\./)).toHaveLength(2);
    const [first, second] = sends();
    expect(first?.client_id).not.toBe(second?.client_id);

    api.on('POST /conversations/7/messages', (call) => ({
      status: 200,
      body: { message: sentBy(call.body as SendMessageRequest), conversation: conversation() },
    }));
    const failedFirst = within(log()).getByText('First try').closest('li') as HTMLElement;
    await user.click(within(failedFirst).getByRole('button', { name: CONVERSATION_MESSAGES.retry }));
    expect(document.activeElement).toBe(box);
    await waitFor(() => expect(sends()).toHaveLength(3));
    expect(sends()[2]).toEqual({ body: 'First try', client_id: first?.client_id });
    await waitFor(() => expect(within(log()).getAllByText(/Not sent\./)).toHaveLength(1));

    const failedSecond = within(log()).getByText('Second').closest('li') as HTMLElement;
    await user.click(within(failedSecond).getByRole('button', { name: 'Discard' }));
    expect(within(log()).queryByText('Second')).toBeNull();
    expect(sends()).toHaveLength(3);
  });

  test('a send refused for what it is offers no Retry (it would fail the same way), only Discard', async () => {
    const user = userEvent.setup();
    api.on('POST /conversations/7/messages', { status: 422, body: { message: 'That file is not an image.' } });
    renderView();
    await user.type(await composer(), 'A photo{Enter}');
    const row = (await within(log()).findByText(/That file is not an image\./)).closest('li') as HTMLElement;
    expect(within(row).queryByRole('button', { name: CONVERSATION_MESSAGES.retry })).toBeNull();
    expect(within(row).getByRole('button', { name: 'Discard' })).toBeTruthy();
  });

  test('a message shows as sending until the server has it, then as sent (its row is the same)', async () => {
    const user = userEvent.setup();
    const held = heldAnswer();
    api.on('POST /conversations/7/messages', held.answer);
    renderView();
    await user.type(await composer(), 'On my way{Enter}');
    const row = (await within(log()).findByText('On my way')).closest('li') as HTMLElement;
    expect(within(row).getByText('Sending…')).toBeTruthy();

    const request = sends()[0] as SendMessageRequest;
    held.release({ status: 201, body: { message: sentBy(request), conversation: conversation() } });
    await waitFor(() => expect(within(row).queryByText('Sending…')).toBeNull());
    expect(row.isConnected).toBe(true);
    expect(within(log()).getAllByText('On my way')).toHaveLength(1);
  });

  test('the text is kept as the draft of its conversation, and comes back when the conversation opens again', async () => {
    const user = userEvent.setup();
    const first = renderView();
    await user.type(await composer(), 'Half a thought');
    first.unmount();

    api.on('GET /conversations/8/messages', {
      status: 200,
      body: page([message(5, { conversation_id: 8 })], null, conversation({ id: 8 })),
    });
    const elsewhere = renderView({ conversationId: 8 });
    expect(await composer()).toHaveProperty('value', '');
    elsewhere.unmount();

    renderView();
    expect(await composer()).toHaveProperty('value', 'Half a thought');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sends()).toHaveLength(1));
  });

  test('photos go as multipart with their upload progress; at most 4', async () => {
    const user = userEvent.setup();
    renderView();
    const box = await composer();
    const files = Array.from({ length: 5 }, (_, index) => photoFile(`calf-${index + 1}.jpg`));
    await user.upload(screen.getByTestId('message-photo-input'), files);
    expect(await screen.findByText(CONVERSATION_MESSAGES.tooManyPhotos)).toBeTruthy();
    const chosen = screen.getByRole('list', { name: 'Photos to send' });
    expect(within(chosen).getAllByRole('img')).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Add photos' })).toHaveProperty('disabled', true);
    await user.click(within(chosen).getByRole('button', { name: 'Remove photo 4' }));
    expect(within(chosen).getAllByRole('img')).toHaveLength(3);

    await user.type(box, 'The new calves{Enter}');
    await waitFor(() => expect(uploads).toHaveLength(1));
    const upload = uploads[0];
    expect(upload?.url).toBe('/api/conversations/7/messages');
    expect(upload?.body.get('body')).toBe('The new calves');
    expect(upload?.body.getAll('photos')).toHaveLength(3);
    const clientId = upload?.body.get('client_id');

    upload?.progress(40, 100);
    const progress = await screen.findByRole('progressbar', { name: 'Sending photos' });
    expect(progress.getAttribute('aria-valuenow')).toBe('40');

    upload?.fail();
    const failed = (await within(log()).findByText(/Not sent\./)).closest('li') as HTMLElement;
    await user.click(within(failed).getByRole('button', { name: CONVERSATION_MESSAGES.retry }));
    await waitFor(() => expect(uploads).toHaveLength(2));
    expect(uploads[1]?.body.get('client_id')).toBe(clientId);
    expect(uploads[1]?.body.getAll('photos')).toHaveLength(3);
  });
});

describe('the conversation', () => {
  test('oldest at the top, mine and theirs, deleted and removed ones emptied, "Seen" under my last read one', async () => {
    // The messages are of Monday, March 2, 2026: a day of this year when today is later in 2026 (no year shown).
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-20T12:00:00Z'), shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    api.on('GET /conversations/7/messages', {
      status: 200,
      body: page(
        [
          message(5, { sender_id: ME, body: 'Not read yet' }),
          message(4, { state: 'removed', body: '' }),
          message(3, { sender_id: ME, body: 'Read this' }),
          message(2, { sender_id: ME, state: 'deleted', body: '' }),
          message(1, { body: 'Hello' }),
        ],
        null,
        conversation({ other_last_read_id: 4 }),
      ),
    });
    renderView();
    await composer();
    const rows = within(log())
      .getAllByRole('listitem')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Monday, March 2',
      expect.stringContaining('Wade Hollis:Hello'),
      expect.stringContaining(`You:${CONVERSATION_MESSAGES.deletedMessage}`),
      expect.stringContaining('You:Read this'),
      expect.stringContaining(`Wade Hollis:${CONVERSATION_MESSAGES.removedMessage}`),
      expect.stringContaining('You:Not read yet'),
    ]);
    expect(within(log()).getAllByText(CONVERSATION_MESSAGES.seen)).toHaveLength(1);
    const seenRow = within(log()).getByText('Read this').closest('li') as HTMLElement;
    expect(within(seenRow).getByText(CONVERSATION_MESSAGES.seen)).toBeTruthy();
    expect(log().getAttribute('aria-live')).toBe('polite');
  });

  test('marks the newest message from the other member read, once', async () => {
    api.on('GET /conversations/7/messages', {
      status: 200,
      body: page([message(2), message(1)], null, conversation({ unread: 2 })),
    });
    renderView();
    await composer();
    await waitFor(() => expect(api.callsTo('POST /conversations/7/read')).toHaveLength(1));
    expect(api.callsTo('POST /conversations/7/read')[0]?.body).toEqual({ message_id: 2 });
  });

  test('nothing unread: no read is sent', async () => {
    renderView();
    await composer();
    expect(api.callsTo('POST /conversations/7/read')).toHaveLength(0);
  });

  test('a member who may not write reads why in place of the composer', async () => {
    api.on('GET /conversations/7/messages', {
      status: 200,
      body: page(
        [message(1)],
        null,
        conversation({ can_send: false, read_only_reason: CONVERSATION_MESSAGES.blocked }),
      ),
    });
    renderView();
    expect(await screen.findByText(CONVERSATION_MESSAGES.blocked)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  test("a request's recipient answers it above the composer; its sender sees it waits, and no Seen", async () => {
    api.on('GET /conversations/7/messages', {
      status: 200,
      body: page([message(1)], null, conversation({ box: 'requests', status: 'request' })),
    });
    const view = renderView();
    const answers = await screen.findByRole('region', { name: 'Message request from Wade Hollis' });
    expect(within(answers).getByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(await composer()).toBeTruthy();
    view.unmount();

    api.on('GET /conversations/7/messages', {
      status: 200,
      body: page(
        [message(1, { sender_id: ME })],
        null,
        conversation({
          status: 'request',
          requested_by_me: true,
          other_last_read_id: null,
          read_only_reason: null,
        }),
      ),
    });
    renderView();
    await composer();
    expect(screen.getByText(CONVERSATION_MESSAGES.requestWaiting)).toBeTruthy();
    expect(screen.getByText(CONVERSATION_MESSAGES.requestPending)).toBeTruthy();
    expect(screen.queryByText(CONVERSATION_MESSAGES.seen)).toBeNull();
    expect(screen.queryByRole('region', { name: /Message request/ })).toBeNull();
  });

  test('a new conversation starts with the first message, then goes on in the conversation', async () => {
    const user = userEvent.setup();
    api.on('GET /users/member-other', {
      status: 200,
      body: { id: OTHER, first_name: 'Wade', last_name: 'Hollis', name: 'Wade Hollis', avatar: '/placeholder.png' },
    });
    api.on('POST /conversations', (call) => ({
      status: 201,
      body: {
        message: sentBy(call.body as SendMessageRequest),
        conversation: conversation({ status: 'request', requested_by_me: true }),
      },
    }));
    const onStarted = vi.fn();
    renderView({ conversationId: null, recipientId: OTHER, onStarted });
    const box = await composer();
    await user.type(box, 'Are you selling the mare?{Enter}');

    await waitFor(() => expect(onStarted).toHaveBeenCalledWith(7));
    expect(api.callsTo('POST /conversations')[0]?.body).toMatchObject({
      recipient_id: OTHER,
      body: 'Are you selling the mare?',
    });
    await user.type(box, 'Or the gelding{Enter}');
    await waitFor(() => expect(sends()).toHaveLength(1));
    expect(sends()[0]?.body).toBe('Or the gelding');
  });
});
