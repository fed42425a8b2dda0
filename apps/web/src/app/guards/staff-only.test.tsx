// @vitest-environment jsdom
import type { Role } from '@corral/contract';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, test } from 'vitest';
import { signInAs } from '../../test/render-route.tsx';
import { AdminsOnly, ModeratorsOnly } from './staff-only.tsx';

/** The moderation routes' shape (member-routes.tsx), opened at `url` by a member with `role`. */
function openAs(role: Role, url: string) {
  signInAs({ is_onboard: 1, verified: 1, role });
  const router = createMemoryRouter(
    [
      {
        path: '/moderation',
        element: <ModeratorsOnly />,
        children: [
          { index: true, element: <h1>The queue</h1> },
          { element: <AdminsOnly />, children: [{ path: 'audit', element: <h1>The audit log</h1> }] },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return screen.getByRole('heading', { level: 1 }).textContent;
}

const NOT_FOUND = 'This trail goes nowhere';

describe('the staff pages', () => {
  test('show members the not-found page', () => {
    expect(openAs('member', '/moderation')).toBe(NOT_FOUND);
  });

  test('let moderators into the queue', () => {
    expect(openAs('moderator', '/moderation')).toBe('The queue');
  });

  test('show moderators the not-found page for the audit log', () => {
    expect(openAs('moderator', '/moderation/audit')).toBe(NOT_FOUND);
  });

  test('let admins in everywhere', () => {
    expect(openAs('admin', '/moderation/audit')).toBe('The audit log');
  });
});
