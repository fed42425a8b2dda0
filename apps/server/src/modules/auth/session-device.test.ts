import { describe, expect, it } from 'vitest';
import {
  describeUserAgent,
  LOCAL_NETWORK,
  networkOf,
  UNKNOWN_BROWSER,
  UNKNOWN_NETWORK,
  UNKNOWN_OS,
} from './session-device.ts';

describe('describeUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome 131',
      'Windows 10',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
      'Safari 17',
      'iOS 17.1',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox 128', 'Linux'],
  ])('names %s', (ua, browser, os) => {
    expect(describeUserAgent(ua)).toEqual({ browser, os });
  });

  it.each([[null], [''], ['curl/8.0'], ['\u0000\ud800'], ['x'.repeat(5000)]])('says unknown for %j', (ua) => {
    const described = describeUserAgent(ua);
    expect(typeof described.browser).toBe('string');
    if (ua === null || ua === '') expect(described).toEqual({ browser: UNKNOWN_BROWSER, os: UNKNOWN_OS });
  });
});

describe('networkOf', () => {
  it.each([
    ['127.0.0.1', LOCAL_NETWORK],
    ['::1', LOCAL_NETWORK],
    ['10.1.2.3', LOCAL_NETWORK],
    ['192.168.0.7', LOCAL_NETWORK],
    ['172.20.0.1', LOCAL_NETWORK],
    ['fd12:3456::1', LOCAL_NETWORK],
    ['::ffff:127.0.0.1', LOCAL_NETWORK],
    ['203.0.113.77', '203.0.113.x network'],
    ['::ffff:198.51.100.9', '198.51.100.x network'],
    ['2001:db8:1234:5678::1', '2001:db8:1234::/48 network'],
    ['2001:0db8::1', '2001:db8:0::/48 network'],
    ['', UNKNOWN_NETWORK],
    [null, UNKNOWN_NETWORK],
    ['not an ip', UNKNOWN_NETWORK],
  ])('%j is %s', (ip, place) => {
    expect(networkOf(ip)).toBe(place);
  });
});
