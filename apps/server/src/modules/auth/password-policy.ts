import { MESSAGES } from '@corral/contract';
import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '../../lib/errors.ts';

/**
 * The product's own words and the sport's best-known ones (security.md, NIST SP 800-63B "context-specific
 * words"). A password that is one of these, or several of them, with only digits and symbols around it
 * ("Rodeo2026!", "corralcorral") is refused. Kept to the words people pick because of where they are;
 * other words dressed up the same way ("Saddle#2026") stay allowed unless the common list has them.
 */
export const PRODUCT_WORDS = [
  'corral',
  'rodeo',
  'cowboy',
  'cowgirl',
  'cowpoke',
  'barrel',
  'barrelracing',
  'barrelracer',
  'bronc',
  'bronco',
  'buckaroo',
  'bullrider',
  'bullriding',
  'wrangler',
  'yeehaw',
  'giddyup',
  'howdy',
  'western',
  'ranch',
  'rancher',
  'horse',
  'roping',
  'stampede',
] as const;

/** Leetspeak that people use to dress a word up: r0de0, c0wb0y, b@rrel. */
const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's' };

let commonPasswords: ReadonlySet<string> | undefined;

/**
 * zxcvbn's list of 49,233 common passwords, ranked by frequency (leaked-password corpora), shipped with
 * @zxcvbn-ts/language-common: read from the package, never fetched. Built on first use.
 */
function common(): ReadonlySet<string> {
  commonPasswords ??= new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));
  return commonPasswords;
}

const productPattern = new RegExp(`^(?:${PRODUCT_WORDS.join('|')})+s?$`);

/**
 * Whether a password is too common to allow: on the common-password list, or a product word dressed up
 * with digits and symbols. Compared case-insensitively; the password itself is never changed or stored here.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (common().has(lower)) return true;
  // The letters at the core: "Rodeo2026!" -> "rodeo", "#1Cowboy" -> "cowboy", "r0de0!" -> "rodeo".
  const core = lower.replace(/^[^a-z]+|[^a-z]+$/g, '');
  const unleet = [...lower].map((char) => LEET[char] ?? char).join('');
  const unleetCore = unleet.replace(/^[^a-z]+|[^a-z]+$/g, '');
  return common().has(unleet) || [core, unleetCore].some((word) => productPattern.test(word));
}

/** Refuses a common password with the spec's weak-password message, under the `password` field. */
export function assertPasswordAllowed(password: string): void {
  if (isCommonPassword(password)) {
    throw new AppError(422, MESSAGES.signUp.weakPassword, { password: [MESSAGES.signUp.weakPassword] });
  }
}
