import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from './adapters/bus.ts';
import type { CounterStore } from './adapters/counter-store.ts';
import type { Mailer } from './adapters/mail.ts';
import type { Outbox } from './adapters/outbox.ts';
import type { SmsSender } from './adapters/sms.ts';
import type { MediaStorage } from './adapters/storage.ts';
import type { Config } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import type { BackgroundWork } from './lib/background-work.ts';
import type { Clock } from './lib/clock.ts';
import type { RateLimiter } from './lib/rate-limiter.ts';
import type { Auth } from './modules/auth/better-auth.ts';

/** What services need, built once by buildApp and passed explicitly (no globals, no process.env). */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  auth: Auth;
  mailer: Mailer;
  sms: SmsSender;
  outbox: Outbox;
  storage: MediaStorage;
  counters: CounterStore;
  /** Live messages between server processes (the members' streams). */
  bus: Bus;
  limiter: RateLimiter;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** Mail and SMS still leaving after their request's answer. */
  background: BackgroundWork;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
