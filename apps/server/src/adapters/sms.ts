import type { Outbox } from './outbox.ts';

export interface SmsMessage {
  to: string;
  text: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

export function outboxSms(outbox: Outbox): SmsSender {
  return { send: ({ to, text }) => outbox.add({ channel: 'sms', to, subject: 'SMS', text }) };
}

/** Twilio's REST API, called directly: one form POST, with a timeout. */
export function twilioSms(options: { accountSid: string; authToken: string; from: string }): SmsSender {
  const url = `https://api.twilio.com/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    async send({ to, text }) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: to, From: options.from, Body: text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`Twilio answered ${response.status}`);
    },
  };
}
