import type { FastifyInstance } from 'fastify';
import { bearer } from './factories.ts';
import { messagesTo } from './outbox-helpers.ts';

/** POST /contacts/send-verification-code as the member with `token`. */
export const sendCode = (app: FastifyInstance, token: string, phone: string) =>
  app.inject({
    method: 'POST',
    url: '/api/contacts/send-verification-code',
    headers: bearer(token),
    payload: { original_phone: phone },
  });

/** POST /contacts/validate-verification-code as the member with `token`. */
export const validateCode = (app: FastifyInstance, token: string, phone: string, code: string) =>
  app.inject({
    method: 'POST',
    url: '/api/contacts/validate-verification-code',
    headers: bearer(token),
    payload: { original_phone: phone, phone, code },
  });

/** The code of the `nth` SMS (1 = the first) sent to an E.164 number, once the SMS have left (they leave after the answer). */
export async function smsCode(app: FastifyInstance, e164: string, nth = 1): Promise<string> {
  const sms = (await messagesTo(app.ctx, e164)).filter((m) => m.channel === 'sms').reverse();
  const message = sms[nth - 1];
  if (!message) throw new Error(`no SMS number ${nth} to ${e164}`);
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  if (!code) throw new Error(`no 6-digit code in "${message.text}"`);
  return code;
}

/** A code that is not `code`. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
