// @vitest-environment jsdom
import { MODERATION_MESSAGES } from '@corral/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderRoute, signInAs } from '../../../test/render-route.tsx';
import { ReportModal } from './report-modal.tsx';

const api = fakeApi();

beforeEach(() => {
  signInAs({ id: 'member-1', is_onboard: 1, verified: 1 });
});

describe('reporting a direct message', () => {
  test('asks in a message’s words and sends it to POST /reports as a message', async () => {
    const user = userEvent.setup();
    api.on('POST /reports', {
      status: 200,
      body: { status: true, message: MODERATION_MESSAGES.reportReceived, report_id: 1 },
    });
    renderRoute(<ReportModal target={{ type: 'message', id: 95 }} open onOpenChange={() => {}} />, { path: '/' });
    const dialog = await screen.findByRole('dialog', { name: MODERATION_MESSAGES.reportTitle('message') });
    // Shown, not only read out: the reporter should know the sender may tell who reported.
    const privacy = within(dialog).getByText(MODERATION_MESSAGES.reportPrivacy('message'));
    expect(privacy.className).not.toContain('sr-only');
    await user.click(within(dialog).getByRole('radio', { name: 'Harassment or Hateful Content' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(MODERATION_MESSAGES.reportReceived)).toBeTruthy();
    expect(api.callsTo('POST /reports')[0]?.body).toEqual({
      target_type: 'message',
      target_id: 95,
      reason: 'Harassment or Hateful Content',
    });
  });
});
