import { clsx } from 'clsx';
import { type ReactNode, type SelectHTMLAttributes, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** The event form's own controls: a select, a radio group and a Yes/No switch, each with its message. */

export const inputClass = (error?: string) =>
  clsx(
    'w-full rounded-lg border bg-white px-3 py-2 text-base text-stone-900 focus:border-leather-600 focus:outline-none focus:ring-2 focus:ring-leather-200',
    error ? 'border-red-600' : 'border-stone-300',
  );

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-700">
      {message}
    </p>
  );
}

export function SelectField({
  label,
  error,
  children,
  ...props
}: { label: string; error: string | undefined; children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-stone-700">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass(error)}
        {...props}
      >
        {children}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function RadioGroup({
  legend,
  options,
  error,
  registration,
}: {
  legend: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-medium text-stone-700">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-center gap-2 rounded-full border border-leather-200 px-3 py-1.5 text-sm has-[:checked]:border-leather-600 has-[:checked]:bg-leather-50"
          >
            <input type="radio" value={option.value} className="accent-leather-700" {...registration} />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

/** A Yes/No switch (spec: the toggle flips between true and false). */
export function YesNoSwitch({
  label,
  checked,
  onChange,
  error,
}: {
  label: string;
  checked: boolean;
  onChange: (value: boolean) => void;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center justify-between gap-3">
        <span id={id} className="text-sm font-medium text-stone-700">
          {label}
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={checked}
          aria-labelledby={id}
          onClick={() => onChange(!checked)}
          className={clsx(
            'relative inline-flex h-7 w-20 items-center rounded-full px-1 text-xs font-semibold transition-colors',
            checked ? 'bg-leather-700 text-white' : 'bg-stone-200 text-stone-700',
          )}
        >
          <span
            aria-hidden="true"
            className={clsx(
              'size-5 rounded-full bg-white shadow transition-transform',
              checked ? 'translate-x-[3.25rem]' : 'translate-x-0',
            )}
          />
          <span className={clsx('absolute', checked ? 'left-3' : 'right-3')}>{checked ? 'Yes' : 'No'}</span>
        </button>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
