import { randomUUID } from 'node:crypto';
import { LIMITS } from '@corral/contract';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer } from 'better-auth/plugins/bearer';
import { phoneNumber } from 'better-auth/plugins/phone-number';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../adapters/mail.ts';
import type { SmsSender } from '../../adapters/sms.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { accounts, sessions, users, verifications } from '../../db/schema.ts';
import type { BackgroundWork } from '../../lib/background-work.ts';
import { isLiveUser } from './auth.queries.ts';

export interface AuthDeps {
  config: Config;
  db: Database;
  mailer: Mailer;
  sms: SmsSender;
  logger: FastifyBaseLogger;
  background: BackgroundWork;
}

/**
 * better-auth does the identity work: password hashing (scrypt), session tokens, bearer tokens,
 * reset tokens and phone codes. Its HTTP handler is not mounted: the spec's endpoints in
 * auth.routes.ts and phone.routes.ts call `auth.api.*` after applying our rate limits
 * (docs/decisions/002-auth-behind-the-spec-endpoints.md).
 */
export function createAuth({ config, db, mailer, sms, logger, background }: AuthDeps) {
  return betterAuth({
    appName: 'Corral',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    telemetry: { enabled: false },
    logger: { level: 'error', log: (level, message) => logger[level]({ component: 'better-auth' }, message) },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: LIMITS.passwordMin,
      maxPasswordLength: LIMITS.passwordMax,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: LIMITS.resetTokenExpiresInSeconds,
      // The link is built from PUBLIC_URL, never from the request's Host header.
      sendResetPassword: async ({ user, token }) => {
        // The token rides in the fragment: browsers never send it to a server, so no log can hold it.
        const url = `${config.publicUrl}/reset-password#token=${encodeURIComponent(token)}`;
        await mailer.send({
          to: user.email,
          subject: 'Reset your Corral password',
          text: [
            `Hello ${user.name},`,
            '',
            'Someone asked to reset the password of your Corral account. To choose a new password, open this link within one hour:',
            '',
            url,
            '',
            'If it was not you, ignore this email: your password stays as it is.',
          ].join('\n'),
        });
      },
    },
    session: {
      expiresIn: LIMITS.sessionExpiresInSeconds,
      updateAge: LIMITS.sessionUpdateAgeSeconds,
      cookieCache: { enabled: false },
    },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false, defaultValue: '', input: true },
        lastName: { type: 'string', required: false, defaultValue: '', input: true },
        isOnboard: { type: 'boolean', required: false, defaultValue: false, input: false },
        deletedAt: { type: 'date', required: false, input: false },
      },
    },
    // Every call reaches better-auth through our endpoints, which apply lib/rate-limiter.ts; its own
    // limiter stays on for any route of its handler that is ever mounted.
    rateLimit: { enabled: true, window: 60, max: 10 },
    advanced: {
      database: { generateId: () => randomUUID() },
      // Our routes hand better-auth the client address they resolved (lib/auth-log.ts requestMeta).
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
      // Mail and SMS leave outside the request, so the answer's timing tells nothing.
      backgroundTasks: {
        handler: (promise) =>
          background.track(promise, (error) => logger.error({ err: error }, 'background task failed')),
      },
    },
    databaseHooks: {
      session: {
        create: {
          // A deleted member never gets a session again, whichever path asks for one.
          before: async (session) => ((await isLiveUser(db, session.userId)) ? undefined : false),
        },
      },
    },
    plugins: [
      bearer({ requireSignature: false }),
      phoneNumber({
        otpLength: LIMITS.otpLength,
        expiresIn: LIMITS.otpExpiresInSeconds,
        allowedAttempts: LIMITS.otpAllowedAttempts,
        sendOTP: async ({ phoneNumber: to, code }) => {
          await sms.send({ to, text: `Your Corral verification code is ${code}. It expires in 10 minutes.` });
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
