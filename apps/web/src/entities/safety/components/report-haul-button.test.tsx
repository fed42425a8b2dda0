// @vitest-environment jsdom
import { MODERATION_MESSAGES } from '@corral/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderRoute, signInAs } from '../../../test/render-route.tsx';
import { ReportHaulButton } from './report-haul-button.tsx';

const api = fakeApi();

beforeEach(() => {
  signInAs({ id: 'member-1', is_onboard: 1, verified: 1 });
});

test('reports a hauling offer through POST /reports, then gives focus back to the button', async () => {
  api.on('POST /reports', {
    status: 200,
    body: { status: true, message: MODERATION_MESSAGES.reportReceived, report_id: 5 },
  });
  const user = userEvent.setup();
  renderRoute(<ReportHaulButton targetType="haul_offer" targetId={31} label="Report this offer" />, {
    path: '/hauling',
  });
  const button = screen.getByRole('button', { name: 'Report this offer' });
  await user.click(button);
  const dialog = await screen.findByRole('dialog', { name: 'Report This Hauling Offer' });
  expect(dialog.textContent).toContain(MODERATION_MESSAGES.reportPrivacy('haul_offer'));
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByText(MODERATION_MESSAGES.reportReceived)).toBeTruthy();
  expect(api.callsTo('POST /reports')[0]?.body).toEqual({
    target_type: 'haul_offer',
    target_id: 31,
    reason: 'Spam or Misleading',
  });
  await waitFor(() => expect(document.activeElement).toBe(button));
});

test('names a review’s dialog, which promises no secrecy (its subject is its only possible reporter)', async () => {
  const user = userEvent.setup();
  renderRoute(<ReportHaulButton targetType="haul_review" targetId={4} label="Report review" />, { path: '/hauling' });
  await user.click(screen.getByRole('button', { name: 'Report review' }));
  const dialog = await screen.findByRole('dialog', { name: 'Report This Review' });
  expect(dialog.textContent).toContain('Moderators will see this review as it reads now.');
});
