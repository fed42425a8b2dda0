// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { Blob as NodeBlob } from 'node:buffer';
import type { EventDraftForm } from '@corral/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { draftKey } from '../../../lib/storage-keys.ts';
import { fakeUploads, photoFile, standardBlobs } from '../../../test/fake-upload.ts';
import { serveReferenceLists } from '../../../test/reference-lists.ts';
import { signInAs } from '../../../test/render-route.tsx';
import { CreateEventModal } from './create-event-modal.tsx';
import { loadEventImage, saveEventImage } from './event-draft-storage.ts';

const uploads = fakeUploads();
standardBlobs();

const MEMBER = 'member-1';
/** A draft the contract's schema accepts, as a member would have left it. */
const COMPLETE: EventDraftForm = {
  eventTitle: 'Salinas Spring Roundup',
  startDate: '2030-05-01',
  startTime: '09:00',
  endDate: '2030-05-02',
  endTime: '18:00',
  timeZone: 'America/Los_Angeles',
  eventLocation: 'Salinas Sports Complex',
  eventAddress: '1034 N Main St, Salinas, CA',
  eventType: 'rodeo',
  eventTypeIds: ['1'],
  privateEvent: false,
  performances: [{ name: 'Team Roping', date: '2030-05-01', time: '10:00' }],
  associationType: '2',
  circuits: '3',
  tour: 'no',
  syncEvent: true,
  eventConfirmation: 'planning',
  addedMoney: '',
};

beforeEach(() => {
  // The reference lists are the only other calls the form makes (GET, through fetch).
  serveReferenceLists();
  signInAs({ id: MEMBER, first_name: 'Dakota', last_name: 'Reyes', is_onboard: 1, verified: 1 });
});

function renderModal(kept?: EventDraftForm) {
  if (kept) localStorage.setItem(draftKey({ member: MEMBER, form: 'event' }), JSON.stringify(kept));
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CreateEventModal open onOpenChange={onOpenChange} />
      <Toaster />
    </QueryClientProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Create Event' });
  return { dialog, onOpenChange, create: () => within(dialog).getByRole('button', { name: 'Create Event' }) };
}

describe('Create Event', () => {
  test('an empty event shows the spec messages under its fields and sends nothing', async () => {
    const user = userEvent.setup();
    const { dialog, create } = renderModal();
    await user.click(create());

    for (const message of [
      'Event title is required.',
      'Start date is required.',
      'Start time is required.',
      'End date is required.',
      'End time is required.',
      'Event location is required.',
      'Event address is required.',
      'Event type is required.',
      'Association type is required.',
      'Circuits selection is required.',
      'Tour selection is required.',
    ])
      expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(within(dialog).getAllByText('Performance name is required.')).toHaveLength(2);
    expect(await screen.findByText('Please correct the errors in the form.')).toBeTruthy();
    expect(uploads).toHaveLength(0);
  });

  test('the end may not come before the start, and the title has its 50-character limit and counter', async () => {
    const user = userEvent.setup();
    const { dialog, create } = renderModal({ ...COMPLETE, endDate: '2030-04-30' });
    const title = within(dialog).getByLabelText('Event title');
    expect(title.getAttribute('maxlength')).toBe('50');
    expect(within(dialog).getByTestId('event-title-counter').textContent).toBe(`${COMPLETE.eventTitle.length}/50`);
    await user.click(create());
    expect(await within(dialog).findByText('End date must be on or after start date.')).toBeTruthy();
    expect(uploads).toHaveLength(0);
  });

  test('a photo still in the crop step that cannot be framed yet stops the submit, with the reason beside it', async () => {
    const user = userEvent.setup();
    const { dialog, create } = renderModal(COMPLETE);
    await user.upload(screen.getByTestId('event-image-input'), photoFile());
    // jsdom decodes no image, so the frame never exists: exactly a photo that has not loaded yet.
    expect(within(dialog).getByRole('button', { name: 'Confirm Crop' })).toHaveProperty('disabled', true);
    await user.click(create());

    const reason = await within(dialog).findByText(
      'This photo is still in the crop step and could not be framed yet. Press Confirm Crop, or Cancel to go on without it.',
    );
    expect(reason.getAttribute('role')).toBe('alert');
    expect(uploads).toHaveLength(0);
    expect(screen.queryByText('Your event is live.')).toBeNull();

    // Cancel leaves the photo out; the event then goes without it.
    const cropStep = within(dialog).getByRole('region', { name: 'Crop photo' });
    await user.click(within(cropStep).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog).queryByText(/still in the crop step/)).toBeNull();
    await user.click(create());
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]?.body.get('eventImage')).toBeNull();
  });

  test('a photo the browser cannot open stops the submit too, saying it was not used', async () => {
    const user = userEvent.setup();
    const { dialog, create } = renderModal(COMPLETE);
    await user.upload(screen.getByTestId('event-image-input'), photoFile('broken.jpg'));
    fireEvent.error(within(dialog).getByAltText('Photo to crop'));
    expect(await within(dialog).findByText('This photo could not be opened.')).toBeTruthy();
    await user.click(create());
    expect(
      await within(dialog).findByText(
        'This photo could not be opened, so it was not used. Press Cancel, then choose another photo or go on without one.',
      ),
    ).toBeTruthy();
    expect(uploads).toHaveLength(0);
  });

  test('a kept draft comes back when the modal opens, its image too, and Discard draft starts again', async () => {
    await saveEventImage(MEMBER, new NodeBlob(['cropped'], { type: 'image/jpeg' }) as unknown as Blob);
    const user = userEvent.setup();
    const { dialog } = renderModal(COMPLETE);
    expect(within(dialog).getByLabelText('Event title')).toHaveProperty('value', 'Salinas Spring Roundup');
    expect(within(dialog).getByLabelText('Event location')).toHaveProperty('value', 'Salinas Sports Complex');
    expect(await within(dialog).findByRole('img', { name: "Preview of the event's cover" })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Discard draft' }));
    expect(within(dialog).getByLabelText('Event title')).toHaveProperty('value', '');
    expect(within(dialog).queryByRole('button', { name: 'Discard draft' })).toBeNull();
    expect(within(dialog).queryByRole('img', { name: "Preview of the event's cover" })).toBeNull();
    expect(localStorage.getItem(draftKey({ member: MEMBER, form: 'event' }))).toBeNull();
    await waitFor(async () => expect(await loadEventImage(MEMBER)).toBeNull());
  });

  test("while it uploads nothing can be sent again; a refusal shows the server's message under its field and keeps the draft", async () => {
    const user = userEvent.setup();
    const { dialog, create } = renderModal(COMPLETE);
    await user.click(create());
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]?.url).toBe('/api/events');
    expect(uploads[0]?.body.get('eventTitle')).toBe('Salinas Spring Roundup');
    expect(create()).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
    // The whole form is a disabled fieldset while it uploads.
    expect(within(dialog).getByLabelText('Event title').matches(':disabled')).toBe(true);
    await user.click(create());
    expect(uploads).toHaveLength(1);
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);

    uploads[0]?.respond(422, {
      message: 'Performance date must be within event dates.',
      errors: { 'performances.0.date': ['Performance date must be within event dates.'] },
    });
    expect(await within(dialog).findByText('Performance date must be within event dates.')).toBeTruthy();
    expect(create()).toHaveProperty('disabled', false);
    expect(within(dialog).getByLabelText('Event title')).toHaveProperty('value', 'Salinas Spring Roundup');
    expect(localStorage.getItem(draftKey({ member: MEMBER, form: 'event' }))).not.toBeNull();
  });

  test('once created, the modal closes and the draft is gone', async () => {
    const user = userEvent.setup();
    const { create, onOpenChange } = renderModal(COMPLETE);
    await user.click(create());
    await waitFor(() => expect(uploads).toHaveLength(1));
    uploads[0]?.respond(200, { data: { id: 7 } });
    expect(await screen.findByText('Your event is live.')).toBeTruthy();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(localStorage.getItem(draftKey({ member: MEMBER, form: 'event' }))).toBeNull();
  });
});
