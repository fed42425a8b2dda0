import type { CurrentUser } from '@corral/contract';
import { describe, expect, it } from 'vitest';
import { destinationFor, returnPathIn, safeReturnPath, withReturnPath } from './return-to.ts';

const member = (is_onboard: 0 | 1, verified: 0 | 1): CurrentUser => ({
  id: 'u1',
  first_name: 'Kaycee',
  last_name: 'Feild',
  email: 'kaycee@example.com',
  avatar: null,
  profile_image: '',
  api_token: 't',
  is_onboard,
  verified,
  role: 'member',
});

describe('the page to return to after sign-in', () => {
  it('keeps a path of the member area, with its query and fragment', () => {
    expect(safeReturnPath('/social_home/post/42')).toBe('/social_home/post/42');
    expect(safeReturnPath('/social_home/event/7?suggested=1')).toBe('/social_home/event/7?suggested=1');
    expect(safeReturnPath('/social_home/search?q=cody#top')).toBe('/social_home/search?q=cody#top');
    expect(safeReturnPath('/social_home')).toBe('/social_home');
  });

  it('refuses another site, however it is written', () => {
    for (const raw of [
      '//evil.com',
      '//evil.com/social_home',
      '///evil.com',
      '/\\evil.com',
      '\\\\evil.com',
      '/\t/evil.com',
      '/\n/evil.com',
      'https://evil.com/social_home',
      'http:evil.com',
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' /social_home',
      '%2F%2Fevil.com',
      '/%2F%2Fevil.com',
      '/%2fevil.com',
      '/%5Cevil.com',
      '/%5cevil.com',
      '%252F%252Fevil.com',
      'data:text/html,hi',
    ]) {
      expect(safeReturnPath(raw), JSON.stringify(raw)).toBeNull();
    }
  });

  it('refuses pages outside the member area, paths that climb out of it, and nonsense', () => {
    for (const raw of [
      '/sign-in',
      '/onboarding',
      '/social_homepage',
      '/social_home/../sign-in',
      '/social_home/%2e%2e/sign-in',
      '/%E0%A4%A',
      '',
      null,
      undefined,
      `/social_home/${'x'.repeat(3000)}`,
    ]) {
      expect(safeReturnPath(raw), JSON.stringify(raw)).toBeNull();
    }
  });

  it('reads it from an address, decoded once', () => {
    expect(returnPathIn('?next=%2Fsocial_home%2Fpost%2F42')).toBe('/social_home/post/42');
    expect(returnPathIn('?next=%252Fsocial_home')).toBeNull();
    expect(returnPathIn('?step=2')).toBeNull();
  });

  it('rides along in the query of the steps between', () => {
    expect(withReturnPath('/sign-in', '/social_home/post/42')).toBe('/sign-in?next=%2Fsocial_home%2Fpost%2F42');
    expect(withReturnPath('/onboarding?step=3', '/social_home/post/42')).toBe(
      '/onboarding?step=3&next=%2Fsocial_home%2Fpost%2F42',
    );
    expect(withReturnPath('/sign-in', null)).toBe('/sign-in');
  });

  it('is where a set-up member lands; a member owing a step goes there first, carrying it', () => {
    const post = '/social_home/post/42';
    expect(destinationFor(member(1, 1), post)).toBe(post);
    expect(destinationFor(member(1, 1), null)).toBe('/social_home/friend-list');
    expect(destinationFor(member(0, 0), post)).toBe('/onboarding?next=%2Fsocial_home%2Fpost%2F42');
    expect(destinationFor(member(1, 0), post)).toBe('/phone-verify?next=%2Fsocial_home%2Fpost%2F42');
    expect(destinationFor(member(1, 0), null)).toBe('/phone-verify');
  });
});
