import { MESSAGES, type SendVerificationCodeResponse } from '@corral/contract';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client.ts';
import { useSendVerificationCode } from '../api/phone-api.ts';
import { secondsUntil } from './send-cooldown.ts';

const P = MESSAGES.phone;

/** Seconds left until `at` (epoch ms), ticking every second while there are any. */
function useSecondsUntil(at: number): number {
  const [, tick] = useState(0);
  const left = secondsUntil(at, Date.now());
  useEffect(() => {
    if (at <= Date.now()) return;
    const timer = window.setInterval(() => {
      tick((n) => n + 1);
      if (at <= Date.now()) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [at]);
  return left;
}

export interface CodeSender {
  /** Sends a code to the number; toasts the spec's "new code was sent" alert on success. */
  send(
    phone: string,
    handlers: { onSent(answer: SendVerificationCodeResponse): void; onError(message: string): void },
  ): void;
  isPending: boolean;
  /** Seconds until the server will send another code; 0 when it will now. */
  secondsLeft: number;
}

/**
 * Sending codes, shared by the phone step (Send code) and the code step (Resend code). The server is the truth
 * about the wait: each accepted send answers `resend_after`, each refused one a Retry-After, and the buttons
 * count down to it rather than let the member meet the limit.
 */
export function useCodeSender(): CodeSender {
  const mutation = useSendVerificationCode();
  const [sendableAt, setSendableAt] = useState(0);
  const secondsLeft = useSecondsUntil(sendableAt);

  const send: CodeSender['send'] = (phone, { onSent, onError }) =>
    mutation.mutate(
      { original_phone: phone },
      {
        onSuccess: (answer) => {
          setSendableAt(Date.now() + answer.resend_after * 1000);
          toast.success(P.codeSent);
          onSent(answer);
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.retryAfterSeconds) {
            setSendableAt(Date.now() + failure.retryAfterSeconds * 1000);
          }
          onError(failure instanceof ApiError && failure.message ? failure.message : P.sendFailed);
        },
      },
    );

  return { send, isPending: mutation.isPending, secondsLeft };
}
