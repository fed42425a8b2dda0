import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { CONVERSATION_LIMITS, MODERATION_LIMITS } from '@corral/contract';
import { z } from 'zod';

/** The repository root; the embedded default keeps its data in `<root>/data`. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** An encoding the processes may compress API answers with, and its level (brotli's quality, gzip's level). */
export interface ApiEncoding {
  encoding: 'br' | 'gzip';
  level: number;
}
/** The encodings offered, the client's first acceptable one in this order chosen (docs/decisions/032-cost-of-an-answer.md). */
export type ApiCompression = false | readonly ApiEncoding[];

/** What API_COMPRESSION=true means: the cheapest setting that pays, by CPU per request (bench/src/answer-bench.ts). */
export const DEFAULT_API_COMPRESSION: readonly ApiEncoding[] = [
  { encoding: 'br', level: 1 },
  { encoding: 'gzip', level: 1 },
];
const LEVELS = { br: [0, 11], gzip: [1, 9] } as const;

/** 'true', 'false' (and their synonyms), or 'br:4,gzip:6'; null for anything else. */
export function parseApiCompression(value: string): ApiCompression | null {
  const flag = booleanFromEnv.safeParse(value);
  if (flag.success) return flag.data ? DEFAULT_API_COMPRESSION : false;
  const encodings: ApiEncoding[] = [];
  for (const part of value.split(',')) {
    const [encoding, level, ...rest] = part.trim().split(':');
    if ((encoding !== 'br' && encoding !== 'gzip') || rest.length > 0 || !/^\d{1,2}$/.test(level ?? '')) return null;
    const [min, max] = LEVELS[encoding];
    if (Number(level) < min || Number(level) > max || encodings.some((e) => e.encoding === encoding)) return null;
    encodings.push({ encoding, level: Number(level) });
  }
  return encodings;
}

/** The real providers' issuers; GOOGLE_ISSUER and APPLE_ISSUER point tests at a local OpenID Connect provider. */
export const GOOGLE_ISSUER = 'https://accounts.google.com';
export const APPLE_ISSUER = 'https://appleid.apple.com';

/**
 * Every environment variable the server reads, its default and its meaning. Nothing else reads
 * process.env. `.env.example` lists the same variables.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// or rediss:// URL')
    .optional(),
  REDIS_KEY_PREFIX: z.string().default('corral:'),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Corral <no-reply@corral.local>'),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.url('S3_ENDPOINT must be a URL').optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  MEDIA_BASE_URL: z.url('MEDIA_BASE_URL must be an absolute URL').optional(),
  SEED_DEMO: booleanFromEnv.optional(),
  SEED_PLACES: booleanFromEnv.default(true),
  TRUST_PROXY: z
    .string()
    .transform((value, ctx) => {
      const trust = parseTrustProxy(value);
      if (trust === null)
        ctx.addIssue({
          code: 'custom',
          message:
            "TRUST_PROXY must be 'false', the number of proxies in front (1, 2 …) or their addresses as a comma-separated list of IPs or CIDR ranges; 'true' would let any client choose its own address",
        });
      return trust ?? false;
    })
    .default(false),
  API_COMPRESSION: z
    .string()
    .transform((value, ctx) => {
      const compression = parseApiCompression(value);
      if (compression === null)
        ctx.addIssue({
          code: 'custom',
          message:
            "API_COMPRESSION must be 'true', 'false' or encodings with their levels in order of preference, such as 'gzip:1' or 'br:4,gzip:6' (brotli 0-11, gzip 1-9)",
        });
      return compression ?? false;
    })
    .default(DEFAULT_API_COMPRESSION),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z
    .string()
    .refine((host) => host === 'localhost' || isIP(host) !== 0, 'METRICS_HOST must be an IP address or localhost')
    .default('127.0.0.1'),
  WEB_DIST_DIR: z.string().optional(),
  RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
  STREAMS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(20),
  STREAMS_PER_PROCESS: z.coerce.number().int().min(1).max(1_000_000).default(2_000),
  HOLD_REPORTERS: z.coerce.number().min(1).max(1000).default(MODERATION_LIMITS.holdReportersDefault),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url('GOOGLE_ISSUER must be a URL').default(GOOGLE_ISSUER),
  APPLE_CLIENT_ID: z.string().min(1).optional(),
  APPLE_CLIENT_SECRET: z.string().min(1).optional(),
  APPLE_TEAM_ID: z.string().min(1).optional(),
  APPLE_KEY_ID: z.string().min(1).optional(),
  APPLE_PRIVATE_KEY: z.string().min(1).optional(),
  APPLE_ISSUER: z.url('APPLE_ISSUER must be a URL').default(APPLE_ISSUER),
  MESSAGE_STRANGER_MIN_AGE_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 365)
    .default(CONVERSATION_LIMITS.strangerMinAccountAgeHours),
});

/**
 * TRUST_PROXY: false, a hop count (the client is that many addresses from the socket, counted from the right
 * of X-Forwarded-For), or the proxies' addresses (IPs or CIDR ranges). Never "trust every hop": the leftmost
 * X-Forwarded-For entry is whatever the client wrote. Null when the value is none of these.
 */
export function parseTrustProxy(value: string): false | number | string[] | null {
  const text = value.trim().toLowerCase();
  if (text === '' || text === 'false' || text === '0' || text === 'no') return false;
  if (/^\d+$/.test(text)) return Number(text) <= 10 ? Number(text) : null;
  const entries = text.split(',').map((entry) => entry.trim());
  const valid = entries.every((entry) => {
    const [address = '', bits, ...rest] = entry.split('/');
    const version = isIP(address);
    if (version === 0 || rest.length > 0) return false;
    if (bits === undefined) return true;
    return /^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
  });
  return valid && entries.length > 0 ? entries : null;
}

/** Settings that only make sense together, checked once every variable has parsed on its own. */
function combinationProblems(e: z.output<typeof envSchema>): string[] {
  const production = e.NODE_ENV === 'production';
  const problems: string[] = [];
  const twilioParts = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, e.TWILIO_FROM];
  if (twilioParts.some(Boolean) && !twilioParts.every(Boolean)) {
    problems.push('TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM must be set together');
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  const s3Only = [e.S3_ENDPOINT, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY].some(Boolean);
  if (s3Only && !e.S3_BUCKET) problems.push('S3_BUCKET is required when other S3_ variables are set');
  if (e.METRICS_PORT && e.METRICS_PORT === e.PORT) problems.push('METRICS_PORT must differ from PORT');
  if (production && !e.AUTH_SECRET) problems.push('AUTH_SECRET is required when NODE_ENV=production');
  if (production && !e.PUBLIC_URL) problems.push('PUBLIC_URL is required when NODE_ENV=production');
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET))
    problems.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  const appleKey = [e.APPLE_TEAM_ID, e.APPLE_KEY_ID, e.APPLE_PRIVATE_KEY];
  if (appleKey.some(Boolean) && !appleKey.every(Boolean))
    problems.push('APPLE_TEAM_ID, APPLE_KEY_ID and APPLE_PRIVATE_KEY must be set together');
  if (e.APPLE_CLIENT_SECRET && appleKey.some(Boolean))
    problems.push('Set APPLE_CLIENT_SECRET or APPLE_TEAM_ID, APPLE_KEY_ID and APPLE_PRIVATE_KEY, not both');
  if (e.APPLE_CLIENT_ID && !e.APPLE_CLIENT_SECRET && !appleKey.every(Boolean))
    problems.push('APPLE_CLIENT_ID needs APPLE_CLIENT_SECRET, or APPLE_TEAM_ID, APPLE_KEY_ID and APPLE_PRIVATE_KEY');
  if (!e.APPLE_CLIENT_ID && (e.APPLE_CLIENT_SECRET || appleKey.some(Boolean)))
    problems.push('APPLE_CLIENT_SECRET and the APPLE_ key settings need APPLE_CLIENT_ID');
  if (production && (!e.GOOGLE_ISSUER.startsWith('https://') || !e.APPLE_ISSUER.startsWith('https://')))
    problems.push('GOOGLE_ISSUER and APPLE_ISSUER must be https:// URLs when NODE_ENV=production');
  if (production && e.RATE_LIMIT_SCALE !== 1) problems.push('RATE_LIMIT_SCALE must be 1 when NODE_ENV=production');
  if (production && e.SEED_DEMO) problems.push('SEED_DEMO cannot be true when NODE_ENV=production');
  // Without them, members would receive nothing and codes and reset links would sit on disk in plain text.
  if (production && !e.SMTP_URL)
    problems.push('SMTP_URL is required when NODE_ENV=production: reset emails must go out');
  if (production && !twilioParts.every(Boolean))
    problems.push(
      'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are required when NODE_ENV=production: phone codes must go out',
    );
  return problems;
}

/**
 * The environment to the server's configuration: every variable parsed on its own, then the combinations
 * checked (only when every variable parsed, so a message never rests on a bad value), then the Config.
 */
export const configSchema = envSchema
  .superRefine(
    (e, ctx) => {
      for (const message of combinationProblems(e)) ctx.addIssue({ code: 'custom', message });
    },
    { when: (payload) => payload.issues.length === 0 },
  )
  .transform((e) => {
    const production = e.NODE_ENV === 'production';
    const dataDir = path.resolve(e.DATA_DIR ?? path.join(REPO_ROOT, 'data'));
    const twilio =
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, from: e.TWILIO_FROM }
        : undefined;
    return {
      env: e.NODE_ENV,
      port: e.PORT,
      host: e.HOST,
      publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
      dataDir,
      databaseUrl: e.DATABASE_URL,
      redisUrl: e.REDIS_URL,
      redisKeyPrefix: e.REDIS_KEY_PREFIX,
      authSecret: e.AUTH_SECRET ?? localSecret(dataDir),
      smtpUrl: e.SMTP_URL,
      /** The media bucket; local disk under `dataDir/media` when absent. */
      s3: e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : undefined,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : undefined,
      /** Where browsers fetch media: a CDN's URL, or the app's own '/media'. */
      mediaBaseUrl: (e.MEDIA_BASE_URL ?? '/media').replace(/\/+$/, ''),
      mailFrom: e.MAIL_FROM,
      twilio,
      // The demo community belongs to the embedded default only.
      seedDemo: e.SEED_DEMO ?? (!production && !e.DATABASE_URL),
      /** Load the gazetteer into an empty `places` table at start (modules/places); off only in tests that need no places. */
      seedPlaces: e.SEED_PLACES,
      trustProxy: e.TRUST_PROXY,
      /** How the processes compress API answers themselves; false behind a proxy that compresses (deploy/nginx). */
      apiCompression: e.API_COMPRESSION,
      logLevel: e.LOG_LEVEL,
      /** Where Prometheus reads the metrics (a server of its own, not the public port); off when unset. */
      metrics: e.METRICS_PORT === undefined ? undefined : { port: e.METRICS_PORT, host: e.METRICS_HOST },
      webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(REPO_ROOT, 'apps/web/dist')),
      /** Multiplies every rate limit; for test environments only, refused in production. */
      rateLimitScale: e.RATE_LIMIT_SCALE,
      /** Ceilings on open live streams (GET /stream) on one process: from one address (429 above), and in all (503). */
      streamCeilings: { perIp: e.STREAMS_PER_IP, perProcess: e.STREAMS_PER_PROCESS },
      /** The summed report weight that holds an item for review (docs/decisions/028-trust-and-safety.md). */
      holdReporters: e.HOLD_REPORTERS,
      /** How old an account must be to start a conversation with a non-friend (docs/decisions/029-direct-messages.md). */
      messageStrangerMinAgeHours: e.MESSAGE_STRANGER_MIN_AGE_HOURS,
      /** Google and Apple sign-in, each on only when its client is configured (docs/decisions/036). */
      oauth: {
        google:
          e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
            ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: trimSlash(e.GOOGLE_ISSUER) }
            : undefined,
        apple: e.APPLE_CLIENT_ID
          ? {
              clientId: e.APPLE_CLIENT_ID,
              issuer: trimSlash(e.APPLE_ISSUER),
              clientSecret: e.APPLE_CLIENT_SECRET,
              signingKey:
                e.APPLE_TEAM_ID && e.APPLE_KEY_ID && e.APPLE_PRIVATE_KEY
                  ? {
                      teamId: e.APPLE_TEAM_ID,
                      keyId: e.APPLE_KEY_ID,
                      privateKey: e.APPLE_PRIVATE_KEY.replace(/\\n/g, '\n'),
                    }
                  : undefined,
            }
          : undefined,
      },
      /** Whether the dev outbox answers: only while neither SMTP nor Twilio is configured, never in production. */
      outboxEnabled: !production && !e.SMTP_URL && !twilio,
    };
  });

export type Config = z.output<typeof configSchema>;

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

export class ConfigError extends Error {}

/** The configuration of an environment (process.env by default); a ConfigError names every problem. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== '')),
  );
  if (!parsed.success) {
    // A variable's issue names it; a combination's message already names its variables.
    const lines = parsed.error.issues.map((issue) =>
      issue.path.length > 0 ? `  ${issue.path.join('.')}: ${issue.message}` : `  ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** Outside production a secret is made once and kept in the data directory, so sessions survive restarts. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
