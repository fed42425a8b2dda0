import { describe, expect, it } from 'vitest';
import {
  callingCodeOf,
  sendVerificationCodeRequestSchema,
  toE164,
  validateVerificationCodeRequestSchema,
  validateVerificationCodeResponseSchema,
} from './phone.ts';

describe('phone numbers', () => {
  it('normalises US numbers typed in any common way to E.164', () => {
    for (const typed of ['(415) 555-2671', '415-555-2671', '+1 415 555 2671', '4155552671']) {
      expect(toE164(typed)).toBe('+14155552671');
    }
  });

  it('keeps international numbers given with +', () => {
    expect(toE164('+61 412 345 678')).toBe('+61412345678');
    expect(callingCodeOf('+61412345678')).toBe('+61');
  });

  it('refuses what is not a phone number', () => {
    expect(sendVerificationCodeRequestSchema.safeParse({ original_phone: '12' }).error?.issues[0]?.message).toBe(
      'Please enter a valid phone number.',
    );
    expect(sendVerificationCodeRequestSchema.safeParse({ original_phone: '  ' }).error?.issues[0]?.message).toBe(
      'Please enter your phone number.',
    );
  });

  it('wants a code of exactly six digits', () => {
    for (const code of ['12345', '1234567', '12a456', '']) {
      expect(
        validateVerificationCodeRequestSchema.safeParse({ original_phone: '4155552671', code }).error?.issues[0]
          ?.message,
      ).toBe('Invalid verification code.');
    }
  });

  it('answers the verified member under data.user, as the spec reads it', () => {
    const user = {
      id: 'u1',
      first_name: 'Ada',
      last_name: 'Lee',
      email: 'ada@example.com',
      avatar: null,
      profile_image: '',
      api_token: 'token',
      is_onboard: 1,
      verified: 1,
      role: 'member',
    };
    expect(validateVerificationCodeResponseSchema.parse({ data: { user } })).toEqual({ data: { user } });
    expect(validateVerificationCodeResponseSchema.safeParse({ user }).success).toBe(false);
  });
});
