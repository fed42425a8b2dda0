import { clsx } from 'clsx';
import { forwardRef, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';
import { ApiError } from '../../../lib/api-client.ts';

/** The board's form controls: labelled, with their message under them (as ui/text-field.tsx does). */

export const fieldClass = (error?: string) =>
  clsx(
    'w-full rounded-lg border bg-white px-3 py-2 text-base text-stone-900 focus:border-leather-600 focus:outline-none focus:ring-2 focus:ring-leather-200',
    error ? 'border-red-600' : 'border-stone-300',
  );

export function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-700">
      {message}
    </p>
  );
}

type SelectProps = {
  label: string;
  error?: string | undefined;
  children: ReactNode;
} & SelectHTMLAttributes<HTMLSelectElement>;

export const SelectField = forwardRef<HTMLSelectElement, SelectProps>(function SelectField(
  { label, error, children, ...props },
  ref,
) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-stone-700">
        {label}
      </label>
      <select
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={fieldClass(error)}
        {...props}
      >
        {children}
      </select>
      <FieldMessage id={`${id}-error`} message={error} />
    </div>
  );
});

type TextAreaProps = { label: string; error?: string | undefined } & TextareaHTMLAttributes<HTMLTextAreaElement>;

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextAreaField(
  { label, error, ...props },
  ref,
) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-stone-700">
        {label}
      </label>
      <textarea
        ref={ref}
        id={id}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={fieldClass(error)}
        {...props}
      />
      <FieldMessage id={`${id}-error`} message={error} />
    </div>
  );
});

/** A refusal's message for the form's own alert: the server's words for a 4xx, a plain one otherwise. */
export function formFailure(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : fallback;
}

/** The form-wide message (a refusal with no field), announced. */
export function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
      {message}
    </p>
  );
}

/**
 * After a refused send, the first field marked invalid, in the order the form shows them, takes the focus
 * (react-hook-form's own focusing skips the place typeahead, which hands it no ref).
 */
export function focusFirstInvalid(formId: string): void {
  requestAnimationFrame(() =>
    document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
  );
}
