import { DEFAULT_EVENT_DRAFT, type EventDraftForm, eventIssueSummary } from '@corral/contract';
import type { Path, UseFormSetError } from 'react-hook-form';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client.ts';

/** The draft's fields as the form names them ('performances.1.date' is under 'performances'). */
const FORM_FIELDS = new Set(Object.keys(DEFAULT_EVENT_DRAFT));

export interface SplitErrors {
  /** Field path → its first message, for `form.setError`. */
  fields: Array<[string, string]>;
  /** The image's message, if the server refused the file. */
  image: string | undefined;
  /** Messages with no field on the form, as summaries (with the performance's ordinal). */
  other: string[];
}

/** A 422's `errors` (`{ 'performances.1.date': ['…'] }`) sorted into the form's fields, the image and the rest. */
export function splitServerErrors(errors: Record<string, string[]>): SplitErrors {
  const split: SplitErrors = { fields: [], image: undefined, other: [] };
  for (const [path, messages] of Object.entries(errors)) {
    const message = messages[0];
    if (!message) continue;
    const field = path.split('.')[0] ?? '';
    if (field === 'eventImage' || field === 'image') split.image ??= message;
    else if (FORM_FIELDS.has(field)) split.fields.push([path, message]);
    else split.other.push(eventIssueSummary(path, message));
  }
  return split;
}

/**
 * A refused create or edit, shown where it belongs: each field's message under the field (focusing the first),
 * the image's under the image, anything else in a toast; `fallback` when the server could not be reached.
 */
export function showEventFormFailure(
  error: Error,
  setError: UseFormSetError<EventDraftForm>,
  setImageError: (message: string) => void,
  fallback: string,
): void {
  if (!(error instanceof ApiError)) {
    toast.error(fallback);
    return;
  }
  const split = splitServerErrors(error.errors);
  for (const [path, message] of split.fields)
    setError(path as Path<EventDraftForm>, { type: 'server', message }, { shouldFocus: true });
  if (split.image) setImageError(split.image);
  if (split.fields.length === 0 && !split.image) toast.error(split.other[0] ?? error.message);
}
