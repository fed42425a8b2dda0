import { MESSAGES, toE164 } from '@corral/contract';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { waitLabel } from '../hooks/send-cooldown.ts';
import type { CodeSender } from '../hooks/use-code-sender.ts';

const P = MESSAGES.phone;

/** Why the number was refused, and which number it was. */
interface Refusal {
  kind: 'required' | 'invalid' | 'server';
  message: string;
  phone: string;
}

/**
 * The refusal still true of the number as it reads now: a missing number's until one is typed, an invalid
 * number's until it is valid (a stale message under the valid number's hint misleads), the server's until
 * the number changes.
 */
export function shownRefusal(refusal: Refusal | null, phone: string, e164: string | null): string | undefined {
  if (!refusal) return undefined;
  if (refusal.kind === 'required') return phone.trim() ? undefined : refusal.message;
  if (refusal.kind === 'invalid') return e164 ? undefined : refusal.message;
  return phone === refusal.phone ? refusal.message : undefined;
}

/** Step 1: the number, normalised to E.164 as it is typed; the code is sent to it. */
export function PhoneStep({
  phone,
  onPhoneChange,
  sender,
  onSent,
}: {
  phone: string;
  onPhoneChange: (value: string) => void;
  sender: CodeSender;
  onSent: (e164: string) => void;
}) {
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const e164 = toE164(phone);
  const waiting = sender.secondsLeft > 0;
  const error = shownRefusal(refusal, phone, e164);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (waiting || sender.isPending) return;
    if (!phone.trim()) return setRefusal({ kind: 'required', message: P.phoneRequired, phone });
    if (!e164) return setRefusal({ kind: 'invalid', message: P.phoneInvalid, phone });
    setRefusal(null);
    sender.send(phone, {
      onSent: (answer) => onSent(answer.phone),
      onError: (message) => setRefusal({ kind: 'server', message, phone }),
    });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <TextField
        label="Phone number"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        placeholder="(555) 123-4567"
        value={phone}
        onChange={(event) => onPhoneChange(event.currentTarget.value)}
        error={error}
        hint={e164 ? `We will text the code to ${e164}.` : 'US numbers as you dial them; other countries start with +.'}
      />
      {/* aria-disabled, not disabled, while waiting: the button keeps its focus and is still announced. */}
      <Button
        type="submit"
        busy={sender.isPending}
        aria-disabled={waiting || undefined}
        variant={waiting ? 'secondary' : 'primary'}
        className={waiting ? 'w-full cursor-not-allowed tabular-nums' : 'w-full'}
      >
        {waiting ? `Send code in ${waitLabel(sender.secondsLeft)}` : 'Send code'}
      </Button>
    </form>
  );
}
