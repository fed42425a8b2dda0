// @vitest-environment jsdom
import { DATA_EXPORT_MESSAGES, type DataExport, type DataExportResponse } from '@corral/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { accountKeys } from '../../../lib/query-keys.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderRoute, signInAs } from '../../../test/render-route.tsx';
import { ExportSection, formatBytes } from './export-section.tsx';

const api = fakeApi();
const past = '2026-11-01T10:00:00.000Z';
const later = new Date(Date.now() + 6 * 86_400_000).toISOString();

const exportOf = (fields: Partial<DataExport>): DataExport => ({
  id: 7,
  status: 'pending',
  requested_at: new Date().toISOString(),
  ready_at: null,
  expires_at: null,
  size: null,
  download_url: null,
  ...fields,
});
const answer = (data: DataExport | null, next = past): { status: number; body: DataExportResponse } => ({
  status: 200,
  body: { data, next_request_at: next },
});

beforeEach(() => {
  signInAs({ id: 'member-1', is_onboard: 1, verified: 1 });
});

const section = () => screen.findByRole('region', { name: 'Download your data' });

describe('Download your data', () => {
  test('asks for a copy, says it is being prepared, then offers the download with its expiry', async () => {
    let current: DataExport | null = null;
    let next = past;
    api.on('GET /me/export', () => answer(current, next));
    api.on('POST /me/export', () => {
      current = exportOf({ status: 'pending' });
      next = later;
      return answer(current, next);
    });
    const { queryClient } = renderRoute(<ExportSection />, { path: '/account' });
    const user = userEvent.setup();
    await section();
    await user.click(await screen.findByRole('button', { name: 'Ask for a copy of your data' }));
    expect(await screen.findByText(/Preparing your data…/)).toBeTruthy();
    expect(api.callsTo('POST /me/export')).toHaveLength(1);

    // The worker finishes, and its notification arrives over the live stream: the section asks at once.
    current = exportOf({
      status: 'ready',
      ready_at: new Date().toISOString(),
      expires_at: '2026-12-06T08:00:00.000Z',
      size: 3 * 1024 * 1024,
      download_url: '/api/me/export/download?token=abc',
    });
    // (What the stream's data_export notification does to the cache: notifications/api/stream-events.test.ts.)
    await queryClient.invalidateQueries({ queryKey: accountKeys.dataExport() });
    const link = await screen.findByRole('link', { name: 'Download your data' });
    expect(link.getAttribute('href')).toBe('/api/me/export/download?token=abc');
    expect(link.hasAttribute('download')).toBe(true);
    expect(screen.getByText(/Your data is ready \(3\.0 MB\)\. The download works until Dec 6, 2026/)).toBeTruthy();
    // One a day: the next ask waits, and says until when.
    expect(screen.getByText(/You can ask for one copy a day\. You can ask for the next one after/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Ask for/ })).toBeNull();
  });

  test('a failed copy may be asked for again at once; a refusal shows the server’s words', async () => {
    api.on('GET /me/export', answer(exportOf({ status: 'failed' })));
    const refusal = DATA_EXPORT_MESSAGES.oncePerDay('2026-11-30 07:00 UTC');
    api.on('POST /me/export', { status: 429, body: { message: refusal }, headers: { 'retry-after': '3600' } });
    renderRoute(<ExportSection />, { path: '/account' });
    expect(await screen.findByText('We could not prepare your data. Please try again.')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
  });

  test('an expired copy says so, and a new one may be asked for', async () => {
    api.on('GET /me/export', answer(exportOf({ status: 'expired', expires_at: '2026-11-08T10:00:00.000Z' })));
    renderRoute(<ExportSection />, { path: '/account' });
    expect(await screen.findByText('Your last copy expired on Nov 8, 2026 and was deleted.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ask for a new copy' })).toBeTruthy();
  });

  test('sizes read as people say them', () => {
    expect(formatBytes(900)).toBe('900 bytes');
    expect(formatBytes(830 * 1024)).toBe('830 KB');
    expect(formatBytes(12.44 * 1024 * 1024)).toBe('12.4 MB');
  });
});
