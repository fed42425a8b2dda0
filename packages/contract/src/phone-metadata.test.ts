import { parsePhoneNumberFromString as parseWithMinimalRules } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { sendVerificationCodeRequestSchema, toE164 } from './phone.ts';

// +91 11 0361 3296 has the length of an Indian number, but no Delhi number starts with 0 after the 11.
const LONG_ENOUGH_BUT_UNASSIGNED = '+91 1103613296';

describe('which phone rules apply where (package.json "imports": #phone-numbers)', () => {
  it('the server (Node) checks numbers with the full rules', () => {
    expect(toE164(LONG_ENOUGH_BUT_UNASSIGNED)).toBeNull();
    expect(sendVerificationCodeRequestSchema.safeParse({ original_phone: LONG_ENOUGH_BUT_UNASSIGNED }).success).toBe(
      false,
    );
    expect(toE164('+91 98765 43210')).toBe('+919876543210');
  });

  it('the browsers’ smallest rules let it through, so the server is the one that refuses it', () => {
    expect(parseWithMinimalRules(LONG_ENOUGH_BUT_UNASSIGNED)?.isValid()).toBe(true);
  });
});
