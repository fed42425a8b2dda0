import { BlockList, isIPv4, isIPv6 } from 'node:net';
import Bowser from 'bowser';

/**
 * What the Account page says about a signed-in device, from what its session stored at sign-in: the browser
 * and system named by its user agent (bowser: MIT, no dependencies, no install scripts, already in the tree
 * through the S3 client), and the network its address belongs to, never a place on a map (no geo database;
 * docs/decisions/033-account-settings.md).
 */
export interface SessionDevice {
  browser: string;
  os: string;
  place: string;
}

export const UNKNOWN_BROWSER = 'Unknown browser';
export const UNKNOWN_OS = 'Unknown system';
export const LOCAL_NETWORK = 'Local network';
export const UNKNOWN_NETWORK = 'Unknown network';

export function describeDevice(userAgent: string | null, ipAddress: string | null): SessionDevice {
  return { ...describeUserAgent(userAgent), place: networkOf(ipAddress) };
}

/** "Chrome 131" and "Windows 10", "Safari 17.1" and "iOS 17.1"; unknown parts say so. */
export function describeUserAgent(userAgent: string | null): { browser: string; os: string } {
  if (!userAgent) return { browser: UNKNOWN_BROWSER, os: UNKNOWN_OS };
  let parsed: Bowser.Parser.ParsedResult;
  try {
    parsed = Bowser.parse(userAgent.slice(0, 512));
  } catch {
    return { browser: UNKNOWN_BROWSER, os: UNKNOWN_OS };
  }
  const browserVersion = (parsed.browser.version ?? '').split('.')[0];
  const browser = parsed.browser.name ? [parsed.browser.name, browserVersion].filter(Boolean).join(' ') : '';
  const osVersion = parsed.os.versionName ?? parsed.os.version ?? '';
  const os = parsed.os.name ? [parsed.os.name, osVersion].filter(Boolean).join(' ') : '';
  return { browser: browser || UNKNOWN_BROWSER, os: os || UNKNOWN_OS };
}

/** Loopback, private (RFC 1918, RFC 4193), link-local and carrier-grade NAT ranges: no public network to name. */
const LOCAL = new BlockList();
LOCAL.addSubnet('127.0.0.0', 8, 'ipv4');
LOCAL.addSubnet('10.0.0.0', 8, 'ipv4');
LOCAL.addSubnet('172.16.0.0', 12, 'ipv4');
LOCAL.addSubnet('192.168.0.0', 16, 'ipv4');
LOCAL.addSubnet('169.254.0.0', 16, 'ipv4');
LOCAL.addSubnet('100.64.0.0', 10, 'ipv4');
LOCAL.addAddress('::1', 'ipv6');
LOCAL.addSubnet('fc00::', 7, 'ipv6');
LOCAL.addSubnet('fe80::', 10, 'ipv6');

/**
 * The network an address belongs to, as much as a member needs to tell their devices apart and no more:
 * "Local network" for private ranges, an IPv4 address masked to its /24 ("203.0.113.x network"), an IPv6
 * one to its /48 ("2001:db8:1234::/48 network"), the usual size of one site's allocation.
 */
export function networkOf(ipAddress: string | null): string {
  let ip = (ipAddress ?? '').trim().split(',')[0]?.trim() ?? '';
  // An IPv4 client seen through an IPv6 socket.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) ip = mapped[1];
  if (isIPv4(ip)) {
    if (LOCAL.check(ip, 'ipv4')) return LOCAL_NETWORK;
    return `${ip.split('.').slice(0, 3).join('.')}.x network`;
  }
  if (isIPv6(ip)) {
    if (LOCAL.check(ip, 'ipv6')) return LOCAL_NETWORK;
    return `${ipv6Groups(ip).slice(0, 3).join(':')}::/48 network`;
  }
  return UNKNOWN_NETWORK;
}

/** The eight 16-bit groups of an IPv6 address, "::" expanded, leading zeros dropped. */
function ipv6Groups(ip: string): string[] {
  const [head = '', tail] = ip.toLowerCase().split('%')[0]?.split('::') ?? [''];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = Array(Math.max(0, 8 - left.length - right.length)).fill('0');
  const groups = tail === undefined ? left : [...left, ...zeros, ...right];
  return groups.map((group) => (group.includes('.') ? group : (Number.parseInt(group, 16) || 0).toString(16)));
}
