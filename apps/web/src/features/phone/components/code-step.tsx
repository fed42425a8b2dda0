import { type CurrentUser, LIMITS, MESSAGES } from '@corral/contract';
import { clsx } from 'clsx';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { OtpInput } from '../../../ui/otp-input.tsx';
import { emptyOtp } from '../../../ui/otp-input-logic.ts';
import { useValidateVerificationCode } from '../api/phone-api.ts';
import { waitLabel } from '../hooks/send-cooldown.ts';
import type { CodeSender } from '../hooks/use-code-sender.ts';

/**
 * Step 2: the six digits from the text message. Resend code sends a new code to the same number at once (the
 * hook toasts the spec's "new code was sent" alert) and counts down until the server will send another;
 * Change number goes back to the phone step.
 */
export function CodeStep({
  phone,
  typed,
  sender,
  onVerified,
  onChangeNumber,
}: {
  phone: string;
  typed: string;
  sender: CodeSender;
  onVerified: (user: CurrentUser) => void;
  onChangeNumber: () => void;
}) {
  const validate = useValidateVerificationCode();
  const [digits, setDigits] = useState(() => emptyOtp(LIMITS.otpLength));
  // A new code starts a new round: empty boxes, focus on the first (OtpInput focuses on mount).
  const [round, setRound] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const code = digits.join('');
  const complete = /^\d+$/.test(code) && code.length === LIMITS.otpLength;
  const waiting = sender.secondsLeft > 0;

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

  const resend = () => {
    if (waiting || sender.isPending) return;
    setError(null);
    sender.send(phone, {
      onSent: () => {
        setDigits(emptyOtp(LIMITS.otpLength));
        setRound((n) => n + 1);
      },
      onError: setError,
    });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <p className="text-stone-600">
        We sent a {LIMITS.otpLength}-digit code to <span className="font-semibold text-stone-800">{phone}</span>. It
        expires in {LIMITS.otpExpiresInSeconds / 60} minutes.
      </p>
      <OtpInput
        key={round}
        label="Verification code"
        digits={digits}
        onChange={setDigits}
        disabled={validate.isPending}
      />
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" disabled={!complete} busy={validate.isPending} className="w-full">
        Verify
      </Button>
      <div className="flex flex-wrap items-center justify-center gap-x-4 gap-y-2 text-sm text-stone-600">
        <span>
          No code? {/* aria-disabled, not disabled, while counting down: focus stays on the button after a resend. */}
          <button
            type="button"
            onClick={resend}
            aria-disabled={waiting || sender.isPending || undefined}
            className={clsx(
              'rounded font-semibold tabular-nums underline-offset-2 focus-visible:outline-2 focus-visible:outline-leather-600',
              waiting || sender.isPending ? 'cursor-not-allowed text-stone-600' : 'text-leather-700 hover:underline',
            )}
          >
            {sender.isPending
              ? 'Sending…'
              : waiting
                ? `Resend code in ${waitLabel(sender.secondsLeft)}`
                : 'Resend code'}
          </button>
        </span>
        <button
          type="button"
          onClick={onChangeNumber}
          className="rounded font-semibold text-leather-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-leather-600"
        >
          Change number
        </button>
      </div>
    </form>
  );
}
