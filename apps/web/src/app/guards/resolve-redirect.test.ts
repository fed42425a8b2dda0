import type { CurrentUser } from '@corral/contract';
import { describe, expect, it } from 'vitest';
import { contextualLink, homeFor } from '../../lib/setup-progress.ts';
import { resolveRedirect, waitsForSessionCheck } from './resolve-redirect.ts';

const user = (is_onboard: 0 | 1, verified: 0 | 1): CurrentUser => ({
  id: 'u1',
  first_name: 'Kaycee',
  last_name: 'Feild',
  email: 'kaycee@example.com',
  avatar: null,
  profile_image: '/assets/img/icon/user-placeholder.png',
  api_token: 't',
  is_onboard,
  verified,
  role: 'member',
});
const guest = { isLoggedIn: false, currentUser: null };
const signedIn = (u: CurrentUser) => ({ isLoggedIn: true, currentUser: u });

describe('route guards', () => {
  it('sends a guest on a protected route to sign-in', () => {
    for (const access of ['member', 'onboarding', 'phone'] as const) {
      expect(resolveRedirect(access, guest)).toBe('/sign-in');
    }
  });

  it('lets a guest open public and guest-only routes', () => {
    expect(resolveRedirect('public', guest)).toBeNull();
    expect(resolveRedirect('guest', guest)).toBeNull();
  });

  it('sends a signed-in member on a guest-only route to the friend list', () => {
    expect(resolveRedirect('guest', signedIn(user(1, 1)))).toBe('/social_home/friend-list');
    expect(resolveRedirect('guest', signedIn(user(0, 0)))).toBe('/social_home/friend-list');
  });

  it('forces a member who has not onboarded to onboarding', () => {
    expect(resolveRedirect('member', signedIn(user(0, 0)))).toBe('/onboarding');
    expect(resolveRedirect('phone', signedIn(user(0, 0)))).toBe('/onboarding');
    expect(resolveRedirect('onboarding', signedIn(user(0, 0)))).toBeNull();
  });

  it('forces an onboarded member without a verified phone to phone verification', () => {
    expect(resolveRedirect('member', signedIn(user(1, 0)))).toBe('/phone-verify');
    expect(resolveRedirect('onboarding', signedIn(user(1, 0)))).toBe('/phone-verify');
    expect(resolveRedirect('phone', signedIn(user(1, 0)))).toBeNull();
  });

  it('keeps a set-up member in the social area', () => {
    expect(resolveRedirect('member', signedIn(user(1, 1)))).toBeNull();
    expect(resolveRedirect('onboarding', signedIn(user(1, 1)))).toBe('/social_home/friend-list');
    expect(resolveRedirect('phone', signedIn(user(1, 1)))).toBe('/social_home/friend-list');
  });

  it('treats a logged-in flag without a user as a guest', () => {
    expect(resolveRedirect('member', { isLoggedIn: true, currentUser: null })).toBe('/sign-in');
  });
});

describe('the page a member came for', () => {
  const at = (url: string) => {
    const parsed = new URL(url, 'http://corral.test');
    return { pathname: parsed.pathname, search: parsed.search, hash: parsed.hash };
  };
  const post = '/social_home/post/42';

  it('sends a guest on a member page to sign-in with that page to return to', () => {
    expect(resolveRedirect('member', guest, at(post))).toBe('/sign-in?next=%2Fsocial_home%2Fpost%2F42');
    expect(resolveRedirect('member', guest, at('/social_home/search?q=cody'))).toBe(
      `/sign-in?next=${encodeURIComponent('/social_home/search?q=cody')}`,
    );
    // The friend list is where everyone lands anyway.
    expect(resolveRedirect('member', guest, at('/social_home/friend-list'))).toBe('/sign-in');
    expect(resolveRedirect('member', guest, at('/social_home'))).toBe('/sign-in');
  });

  it('carries it through onboarding and the phone, then lands on it', () => {
    const next = `?next=${encodeURIComponent(post)}`;
    expect(resolveRedirect('member', signedIn(user(0, 0)), at(post))).toBe(`/onboarding${next}`);
    expect(resolveRedirect('member', signedIn(user(1, 0)), at(post))).toBe(`/phone-verify${next}`);
    expect(resolveRedirect('onboarding', signedIn(user(0, 0)), at(`/onboarding${next}`))).toBeNull();
    expect(resolveRedirect('onboarding', signedIn(user(1, 0)), at(`/onboarding${next}`))).toBe(`/phone-verify${next}`);
    expect(resolveRedirect('phone', signedIn(user(1, 1)), at(`/phone-verify${next}`))).toBe(post);
    expect(resolveRedirect('guest', signedIn(user(1, 1)), at(`/sign-in${next}`))).toBe(post);
    // From sign-in to the page, whose guard sends the member to onboarding with it.
    expect(resolveRedirect('guest', signedIn(user(0, 0)), at(`/sign-in${next}`))).toBe(post);
  });

  it('never carries another site', () => {
    expect(resolveRedirect('guest', signedIn(user(1, 1)), at('/sign-in?next=%2F%2Fevil.com'))).toBe(
      '/social_home/friend-list',
    );
    expect(resolveRedirect('phone', signedIn(user(1, 1)), at('/phone-verify?next=https://evil.com'))).toBe(
      '/social_home/friend-list',
    );
  });
});

describe('after login', () => {
  it('goes to onboarding, then phone verification, then the friend list', () => {
    expect(homeFor(user(0, 0))).toBe('/onboarding');
    expect(homeFor(user(0, 1))).toBe('/onboarding');
    expect(homeFor(user(1, 0))).toBe('/phone-verify');
    expect(homeFor(user(1, 1))).toBe('/social_home/friend-list');
  });
});

describe('the contextual link of the top navigation', () => {
  it('follows the setup progress', () => {
    expect(contextualLink(null)).toEqual({ label: 'Go to Timeline', to: '/social_home/friend-list' });
    expect(contextualLink(user(0, 0)).label).toBe('Complete your Onboarding');
    expect(contextualLink(user(1, 0)).label).toBe('Complete Phone Verification');
    expect(contextualLink(user(1, 1)).label).toBe('Go to Timeline');
  });
});

describe('the stored session check', () => {
  it('holds every route but the public ones while a stored sign-in is unconfirmed', () => {
    const unconfirmed = { isLoggedIn: true, sessionChecked: false };
    for (const access of ['guest', 'member', 'onboarding', 'phone'] as const) {
      expect(waitsForSessionCheck(access, unconfirmed)).toBe(true);
    }
    expect(waitsForSessionCheck('public', unconfirmed)).toBe(false);
  });

  it('holds nothing once the check answered, or for a guest', () => {
    for (const access of ['public', 'guest', 'member', 'onboarding', 'phone'] as const) {
      expect(waitsForSessionCheck(access, { isLoggedIn: true, sessionChecked: true })).toBe(false);
      expect(waitsForSessionCheck(access, { isLoggedIn: false, sessionChecked: false })).toBe(false);
    }
  });
});
