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

/**
 * What an input event put into a box that held `previous` and now holds `value`, when the browser does not say
 * (an autofill that only sets the value). A whole code is the whole value, whatever the box held; otherwise
 * the old digit, kept before or after the caret, is not part of what arrived.
 */
export function insertedText(previous: string, value: string, caret: number | null, length: number): string {
  if (!previous || value.length <= previous.length) return value;
  if (value.replace(/\D/g, '').length === length) return value;
  const added = value.length - previous.length;
  if (caret === value.length && value.startsWith(previous)) return value.slice(previous.length);
  if (caret === added && value.endsWith(previous)) return value.slice(0, added);
  return value;
}

/**
 * An input event in box `index`: `value` is what the box holds now, `inserted` the text the event says it
 * inserted (InputEvent.data: typing, an insertion, most autofills), `caret` where the caret ended. Emptied,
 * the box is cleared (a phone keyboard's delete sends no Backspace key).
 */
export function inputInto(
  digits: string[],
  index: number,
  value: string,
  { inserted, caret = null }: { inserted?: string | null | undefined; caret?: number | null } = {},
): OtpState {
  if (value === '') {
    const next = [...digits];
    next[index] = '';
    return { digits: next, focus: index };
  }
  const text = typeof inserted === 'string' ? inserted : insertedText(digits[index] ?? '', value, caret, digits.length);
  return typeInto(digits, index, text);
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
