import { eventIssueSummary } from '@corral/contract';

/** The draft's fields as the form names them ('performances.1.date' is under 'performances'). */
const FORM_FIELDS = new Set([
  'eventTitle',
  'startDate',
  'startTime',
  'endDate',
  'endTime',
  'timeZone',
  'eventLocation',
  'eventAddress',
  'eventType',
  'eventTypeIds',
  'privateEvent',
  'performances',
  'associationType',
  'circuits',
  'tour',
  'syncEvent',
  'eventConfirmation',
  'addedMoney',
]);

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
