import { describe, expect, it } from 'vitest';
import { backspace, emptyOtp, inputInto, insertedText, typeInto } from './otp-input-logic.ts';

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

describe('a whole code arriving in one input event', () => {
  const wrong = ['3', '0', '0', '0', '0', '0'];

  it('is exactly that code in box 1 after a wrong code, when the event says what it inserted', () => {
    // The member's measurement: 232903 into a box 1 holding 3 came out 229034.
    expect(inputInto(wrong, 0, '232903', { inserted: '232903', caret: 6 }).digits.join('')).toBe('232903');
    // The caret after the old digit: the box holds 3232903 for a moment.
    expect(inputInto(wrong, 0, '3232903', { inserted: '232903', caret: 7 }).digits.join('')).toBe('232903');
    expect(inputInto(wrong, 0, '2329033', { inserted: '232903', caret: 6 }).digits.join('')).toBe('232903');
  });

  it('is exactly that code in any box, the last one too, when only the value changed (an autofill)', () => {
    for (let index = 0; index < 6; index += 1) {
      expect(inputInto(wrong, index, '232903', { caret: 6 }).digits.join('')).toBe('232903');
      expect(inputInto(emptyOtp(6), index, '232903').digits.join('')).toBe('232903');
    }
    expect(inputInto(wrong, 5, '0232903', { caret: 7 })).toEqual({ digits: '232903'.split(''), focus: 5 });
  });

  it('keeps the one digit typed beside a digit the box already held', () => {
    expect(inputInto(wrong, 0, '37', { caret: 2 })).toEqual({ digits: ['7', '0', '0', '0', '0', '0'], focus: 1 });
    expect(inputInto(wrong, 0, '73', { caret: 1 })).toEqual({ digits: ['7', '0', '0', '0', '0', '0'], focus: 1 });
    expect(inputInto(wrong, 2, '00', { inserted: '0', caret: 2 }).focus).toBe(3);
  });

  it('clears a box emptied by a phone keyboard, and ignores what is not a digit', () => {
    expect(inputInto(wrong, 0, '')).toEqual({ digits: ['', '0', '0', '0', '0', '0'], focus: 0 });
    expect(inputInto(wrong, 1, '0x', { inserted: 'x', caret: 2 })).toEqual({ digits: wrong, focus: 1 });
  });

  it('tells the arrived text from the old digit by the caret', () => {
    expect(insertedText('', '12', 2, 6)).toBe('12');
    expect(insertedText('4', '5', 1, 6)).toBe('5');
    expect(insertedText('4', '412', 3, 6)).toBe('12');
    expect(insertedText('4', '124', 2, 6)).toBe('12');
    expect(insertedText('2', '232903', 6, 6)).toBe('232903');
    expect(insertedText('2', '2232903', 7, 6)).toBe('232903');
  });
});
