import { MESSAGES } from '@corral/contract';
import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { assertPasswordAllowed, isCommonPassword, PRODUCT_WORDS } from './password-policy.ts';

describe('password policy', () => {
  it('has a local list well beyond the top 3,000 common passwords', () => {
    const list = dictionary['passwords-common'];
    expect(list.length).toBeGreaterThan(3_000);
    // Ranked by frequency: every one of the first 3,000 that fits 8 to 12 characters is refused.
    for (const password of list.slice(0, 3_000).filter((p) => p.length >= 8 && p.length <= 12)) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('compares without regard to case', () => {
    for (const password of ['PASSWORD', 'Password1', 'QwErTy123', 'iloveyou1', 'Football1']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it("refuses the product's own words, dressed up with digits, symbols or leetspeak", () => {
    expect(PRODUCT_WORDS).toEqual(expect.arrayContaining(['corral', 'rodeo', 'cowboy', 'barrel']));
    for (const password of ['Corral2026', 'RODEO!!!', '#1Cowboy', 'barrels99', 'r0de0r0de0', 'C0wg1rl$', 'yeehaw123']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('allows passwords that are neither', () => {
    for (const password of [
      'Lariat#2026',
      'Spurs&2027',
      'Saddle#2026',
      'rodeo-at-dawn',
      'Tx7!mq2Lp',
      'corral my mare',
    ]) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });

  it('refuses with the spec message under the password field', () => {
    let thrown: unknown;
    try {
      assertPasswordAllowed('Password1');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({
      status: 422,
      message: MESSAGES.signUp.weakPassword,
      errors: { password: [MESSAGES.signUp.weakPassword] },
    });
    expect(() => assertPasswordAllowed('Lariat#2026')).not.toThrow();
  });
});
