import { clsx } from 'clsx';
import { forwardRef, type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** The message shown under the field and announced to screen readers. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Extra control inside the field on the right (e.g. a show/hide toggle). */
  trailing?: ReactNode;
}

/** A labelled input with its error message wired through aria-invalid and aria-describedby. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, trailing, className, id, ...props },
  ref,
) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={clsx('flex flex-col gap-1', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-stone-700">
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={clsx(
            'w-full rounded-lg border bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-400 focus:border-leather-600 focus:outline-none focus:ring-2 focus:ring-leather-200',
            error ? 'border-red-600' : 'border-stone-300',
            trailing ? 'pr-11' : undefined,
          )}
          {...props}
        />
        {trailing && <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div>}
      </div>
      {hint && (
        <p id={hintId} className="text-xs text-stone-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
});

/** A password field with a show/hide toggle. */
export const PasswordField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'type' | 'trailing'>>(
  function PasswordField(props, ref) {
    const [visible, setVisible] = useState(false);
    return (
      <TextField
        ref={ref}
        {...props}
        type={visible ? 'text' : 'password'}
        trailing={
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-label={visible ? `Hide ${props.label.toLowerCase()}` : `Show ${props.label.toLowerCase()}`}
            aria-pressed={visible}
            className="rounded-md px-2 py-1 text-xs font-semibold text-leather-700 hover:bg-leather-100"
          >
            {visible ? 'Hide' : 'Show'}
          </button>
        }
      />
    );
  },
);
