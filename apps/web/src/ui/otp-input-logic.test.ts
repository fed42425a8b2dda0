import { describe, expect, it } from 'vitest';
import { backspace, emptyOtp, typeInto } from './otp-input-logic.ts';

describe('the one-digit boxes', () => {
  it('keeps a typed digit and moves the focus to the next box', () => {
    expect(typeInto(emptyOtp(6), 0, '4')).toEqual({ digits: ['4', '', '', '', '', ''], focus: 1 });
  });

  it('ignores what is not a digit', () => {
    expect(typeInto(emptyOtp(6), 2, 'x')).toEqual({ digits: emptyOtp(6), focus: 2 });
  });

  it('fills every box when six digits are pasted into any of them', () => {
    expect(typeInto(['9', '', '', '', '', ''], 3, '123456')).toEqual({
      digits: ['1', '2', '3', '4', '5', '6'],
      focus: 5,
    });
    expect(typeInto(emptyOtp(6), 0, ' 12-34 56 ').digits.join('')).toBe('123456');
  });

  it('fills from the box for a shorter paste, keeping only its digits', () => {
    expect(typeInto(emptyOtp(6), 1, 'ab12')).toEqual({ digits: ['', '1', '2', '', '', ''], focus: 3 });
  });

  it('goes back one box on backspace in an empty box, clearing it', () => {
    expect(backspace(['1', '2', '', '', '', ''], 2)).toEqual({ digits: ['1', '', '', '', '', ''], focus: 1 });
  });

  it('clears a filled box in place on backspace', () => {
    expect(backspace(['1', '2', '3', '', '', ''], 2)).toEqual({ digits: ['1', '2', '', '', '', ''], focus: 2 });
    expect(backspace(emptyOtp(6), 0)).toEqual({ digits: emptyOtp(6), focus: 0 });
  });
});
