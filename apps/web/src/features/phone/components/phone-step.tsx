import { MESSAGES, toE164 } from '@corral/contract';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useSendVerificationCode } from '../api/phone-api.ts';

const P = MESSAGES.phone;

/** Step 1: the number, normalised to E.164 as it is typed; the code is sent to it. */
export function PhoneStep({
  phone,
  onPhoneChange,
  onSent,
}: {
  phone: string;
  onPhoneChange: (value: string) => void;
  onSent: (e164: string) => void;
}) {
  const send = useSendVerificationCode();
  const [error, setError] = useState<string | undefined>();
  const e164 = toE164(phone);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!phone.trim()) return setError(P.phoneRequired);
    if (!e164) return setError(P.phoneInvalid);
    setError(undefined);
    send.mutate(
      { original_phone: phone },
      {
        onSuccess: (answer) => {
          toast.success(P.codeSent);
          onSent(answer.phone);
        },
        onError: (failure) => setError(failure instanceof ApiError && failure.message ? failure.message : P.sendFailed),
      },
    );
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
      <Button type="submit" busy={send.isPending} className="w-full">
        Send code
      </Button>
    </form>
  );
}
