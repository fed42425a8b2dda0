/** What the six one-digit boxes hold, and which box has the focus after a keystroke. */
export interface OtpState {
  digits: string[];
  focus: number;
}

export const emptyOtp = (length: number): string[] => Array.from({ length }, () => '');

/**
 * Text arrives in box `index` (a keystroke, a paste or an autofill). Non-digits are ignored; a whole
 * code fills every box from the first, a shorter run fills from this box on.
 */
export function typeInto(digits: string[], index: number, text: string): OtpState {
  const incoming = text.replace(/\D/g, '');
  if (!incoming) return { digits, focus: index };
  const length = digits.length;
  const start = incoming.length >= length ? 0 : index;
  const next = [...digits];
  const chars = incoming.slice(0, length - start).split('');
  chars.forEach((digit, offset) => {
    next[start + offset] = digit;
  });
  return { digits: next, focus: Math.min(length - 1, start + chars.length) };
}

/** Backspace in box `index`: clears it, or when it is already empty, clears and focuses the one before. */
export function backspace(digits: string[], index: number): OtpState {
  const next = [...digits];
  if (next[index]) {
    next[index] = '';
    return { digits: next, focus: index };
  }
  if (index === 0) return { digits: next, focus: 0 };
  next[index - 1] = '';
  return { digits: next, focus: index - 1 };
}
