import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../adapters/mail.ts';
import type { SmsSender } from '../adapters/sms.ts';

/**
 * Mail and SMS that say in the log when they have left. They leave after the answer (ctx.background,
 * request.afterResponse), so the line carries the id of the request that sent them (lib/request-id.ts):
 * an operator follows a reset email or a phone code back to its request. The line names the kind of
 * message (`delivery`, not a security `event`), never its recipient or its text (a code, a reset link).
 */
export function loggedMailer(mailer: Mailer, log: FastifyBaseLogger): Mailer {
  return {
    ...mailer,
    async send(message) {
      await mailer.send(message);
      log.info({ delivery: 'email', subject: message.subject }, 'email sent');
    },
  };
}

export function loggedSms(sms: SmsSender, log: FastifyBaseLogger): SmsSender {
  return {
    async send(message) {
      await sms.send(message);
      log.info({ delivery: 'sms' }, 'text message sent');
    },
  };
}
