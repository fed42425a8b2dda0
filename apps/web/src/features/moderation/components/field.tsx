import { clsx } from 'clsx';
import { useId } from 'react';

interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string | undefined;
  error?: string | undefined;
  multiline?: boolean;
  type?: 'text' | 'date';
  required?: boolean;
  maxLength?: number;
  min?: string;
  max?: string;
}

/** A labelled text area or input of the moderation dialogs, its hint and error wired for screen readers. */
export function Field({ label, value, onChange, hint, error, multiline, type = 'text', ...props }: FieldProps) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  const control = {
    id,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    className: clsx(
      'w-full rounded-lg border bg-white px-3 py-2 text-base text-stone-900 focus:border-leather-600 focus:outline-none focus:ring-2 focus:ring-leather-200',
      error ? 'border-red-600' : 'border-stone-300',
    ),
    ...props,
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-stone-700">
        {label}
      </label>
      {multiline ? (
        <textarea
          rows={3}
          {...control}
          onChange={(event) => onChange(event.target.value)}
          className={clsx(control.className, 'resize-y')}
        />
      ) : (
        <input type={type} {...control} onChange={(event) => onChange(event.target.value)} />
      )}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-stone-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
