import { useEffect, useRef } from 'react';
import { backspace, inputInto, typeInto } from './otp-input-logic.ts';

/**
 * A code typed one digit per box: focus advances, backspace goes back, a whole code arriving in any box (typed,
 * pasted, autofilled from a text message) fills every box with exactly that code. The boxes are a labelled
 * group; each box says which digit it is.
 */
export function OtpInput({
  digits,
  onChange,
  label,
  disabled,
}: {
  digits: string[];
  onChange: (digits: string[]) => void;
  label: string;
  disabled?: boolean;
}) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (index: number) => boxes.current[index]?.focus();
  useEffect(() => {
    boxes.current[0]?.focus();
  }, []);

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium text-stone-700">{label}</legend>
      <div className="flex justify-between gap-2">
        {digits.map((digit, index) => (
          <input
            // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, fixed in number and order
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            aria-label={`Digit ${index + 1} of ${digits.length}`}
            inputMode="numeric"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            // No maxLength: the browser would cut a whole code arriving in a box; the state keeps one digit a box.
            value={digit}
            disabled={disabled}
            onFocus={(event) => event.currentTarget.select()}
            // onInput, not onChange: React drops a change that leaves the value as it was, so typing the digit a
            // box already holds would not move on.
            onInput={(event) => {
              // What arrived is what the event says it inserted, not the box's value minus its old digit: a
              // code holding that digit would lose it (232903 into a box holding 3 became 229034).
              const { data } = event.nativeEvent as Partial<InputEvent>;
              const state = inputInto(digits, index, event.currentTarget.value, {
                inserted: data,
                caret: event.currentTarget.selectionEnd,
              });
              onChange(state.digits);
              focus(state.focus);
            }}
            onPaste={(event) => {
              event.preventDefault();
              const state = typeInto(digits, index, event.clipboardData.getData('text'));
              onChange(state.digits);
              focus(state.focus);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Backspace') {
                event.preventDefault();
                const state = backspace(digits, index);
                onChange(state.digits);
                focus(state.focus);
              } else if (event.key === 'ArrowLeft') focus(Math.max(0, index - 1));
              else if (event.key === 'ArrowRight') focus(Math.min(digits.length - 1, index + 1));
            }}
            className="h-12 w-full min-w-0 max-w-14 flex-1 rounded-lg border border-stone-300 bg-white text-center text-xl font-semibold text-stone-900 focus:border-leather-600 focus:outline-none focus:ring-2 focus:ring-leather-200 sm:h-14"
          />
        ))}
      </div>
    </fieldset>
  );
}
