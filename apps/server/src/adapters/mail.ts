import nodemailer from 'nodemailer';
import type { Outbox } from './outbox.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Extra header lines (a newsletter's List-Unsubscribe); the outbox keeps them too. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close?(): void;
}

export function outboxMailer(outbox: Outbox): Mailer {
  return { send: (message) => outbox.add({ channel: 'email', ...message }) };
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}
