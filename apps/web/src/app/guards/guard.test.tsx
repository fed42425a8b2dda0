// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { beforeEach, expect, test } from 'vitest';
import { useSession } from '../../lib/session-store.ts';
import { signInAs } from '../../test/render-route.tsx';
import { Guard } from './guard.tsx';

function Here() {
  const { pathname, search } = useLocation();
  return <p data-testid="here">{`${pathname}${search}`}</p>;
}

function open(url: string) {
  const router = createMemoryRouter(
    [
      { element: <Guard access="member" />, children: [{ path: '/social_home/*', element: <Here /> }] },
      { element: <Guard access="guest" />, children: [{ path: '/sign-in', element: <Here /> }] },
      { path: '*', element: <Here /> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}
const here = () => screen.getByTestId('here').textContent;

beforeEach(() => {
  useSession.getState().clear();
  useSession.setState({ verified: false });
});

test('a visitor who opens a member page signed out is sent to sign-in with it to return to', () => {
  useSession.getState().markVerified();
  open('/social_home/post/42');
  expect(here()).toBe('/sign-in?next=%2Fsocial_home%2Fpost%2F42');
});

test('a stored session found stale on the way in still returns to the page', () => {
  signInAs({ is_onboard: 1, verified: 1 });
  open('/social_home/event/7');
  expect(screen.getByText('Checking your session…')).toBeTruthy();
  act(() => {
    useSession.getState().clear();
    useSession.getState().markVerified();
  });
  expect(here()).toBe('/sign-in?next=%2Fsocial_home%2Fevent%2F7');
});

test('a member who signs out on a page is not sent back to it after the next sign-in', () => {
  signInAs({ is_onboard: 1, verified: 1 });
  useSession.getState().markVerified();
  open('/social_home/myprofile/member-1');
  expect(here()).toBe('/social_home/myprofile/member-1');
  act(() => useSession.getState().clear());
  expect(here()).toBe('/sign-in');
});
