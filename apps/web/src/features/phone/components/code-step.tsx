import { type CurrentUser, LIMITS, MESSAGES } from '@corral/contract';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { OtpInput } from '../../../ui/otp-input.tsx';
import { emptyOtp } from '../../../ui/otp-input-logic.ts';
import { useValidateVerificationCode } from '../api/phone-api.ts';

/** Step 2: the six digits from the text message. */
export function CodeStep({
  phone,
  typed,
  onVerified,
  onResend,
}: {
  phone: string;
  typed: string;
  onVerified: (user: CurrentUser) => void;
  onResend: () => void;
}) {
  const validate = useValidateVerificationCode();
  const [digits, setDigits] = useState(() => emptyOtp(LIMITS.otpLength));
  const [error, setError] = useState<string | null>(null);
  const code = digits.join('');
  const complete = /^\d+$/.test(code) && code.length === LIMITS.otpLength;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete) return;
    setError(null);
    validate.mutate(
      { phone, code, original_phone: typed },
      {
        onSuccess: ({ data }) => onVerified(data.user),
        onError: (failure) =>
          setError(failure instanceof ApiError && failure.message ? failure.message : MESSAGES.phone.codeInvalid),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <p className="text-stone-600">
        We sent a {LIMITS.otpLength}-digit code to <span className="font-semibold text-stone-800">{phone}</span>. It
        expires in 10 minutes.
      </p>
      <OtpInput label="Verification code" digits={digits} onChange={setDigits} disabled={validate.isPending} />
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" disabled={!complete} busy={validate.isPending} className="w-full">
        Verify
      </Button>
      <p className="text-center text-sm text-stone-600">
        No code?{' '}
        <button
          type="button"
          onClick={onResend}
          className="font-semibold text-leather-700 underline-offset-2 hover:underline"
        >
          Resend code
        </button>
      </p>
    </form>
  );
}
