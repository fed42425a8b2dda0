import { clsx } from 'clsx';
import type { UseFormRegisterReturn } from 'react-hook-form';

export interface Choice {
  value: string;
  label: string;
  detail?: string;
}

/**
 * A group of native radios or checkboxes drawn as cards: keyboard, screen readers and
 * react-hook-form all work as they do with plain inputs.
 */
export function ChoiceCards({
  type,
  legend,
  choices,
  registration,
  error,
  columns = 1,
}: {
  type: 'radio' | 'checkbox';
  legend: string;
  choices: Choice[];
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  columns?: 1 | 2;
}) {
  const errorId = `${registration.name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-3 font-display text-xl text-leather-900">{legend}</legend>
      <div className={clsx('grid gap-2', columns === 2 && 'sm:grid-cols-2')}>
        {choices.map((choice) => (
          <label
            key={choice.value}
            className="flex cursor-pointer items-center gap-3 rounded-xl border border-stone-200 bg-white p-3 has-checked:border-leather-600 has-checked:bg-leather-50 has-focus-visible:ring-2 has-focus-visible:ring-leather-300"
          >
            <input type={type} value={choice.value} className="size-4 accent-leather-700" {...registration} />
            <span className="flex-1">
              <span className="font-medium text-stone-800">{choice.label}</span>
              {choice.detail && <span className="ml-2 text-sm text-stone-500">{choice.detail}</span>}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
