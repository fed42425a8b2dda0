import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { API_PREFIX } from '@corral/contract';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type Bus, MemoryBus, RedisBus } from './adapters/bus.ts';
import { type CounterStore, MemoryCounterStore, RedisCounterStore } from './adapters/counter-store.ts';
import { type Mailer, outboxMailer, smtpMailer } from './adapters/mail.ts';
import { Outbox } from './adapters/outbox.ts';
import { s3Storage } from './adapters/s3-storage.ts';
import { outboxSms, type SmsSender, twilioSms } from './adapters/sms.ts';
import { diskStorage } from './adapters/storage.ts';
import type { AppContext } from './app-context.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { registerAccess } from './lib/access.ts';
import { registerAfterResponse } from './lib/after-response.ts';
import { BackgroundWork } from './lib/background-work.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { loggedMailer, loggedSms } from './lib/delivery-log.ts';
import { registerDraining } from './lib/draining.ts';
import { registerErrorHandler } from './lib/http-errors.ts';
import { registerInputGuard } from './lib/input-guard.ts';
import { logSerializers } from './lib/log-serializers.ts';
import { registerMetrics } from './lib/metrics.ts';
import { RateLimiter } from './lib/rate-limiter.ts';
import { registerRequestId, requestIdFrom, requestIdMixin } from './lib/request-id.ts';
import { registerApiCompression, registerWebApp } from './lib/web-app.ts';
import { scheduleAccountPurge } from './modules/auth/account-purge.ts';
import { accountLinkRoutes, accountSettingsRoutes } from './modules/auth/account-settings.routes.ts';
import { accountEntryRoutes, sessionRoutes } from './modules/auth/auth.routes.ts';
import { createAuth } from './modules/auth/better-auth.ts';
import { oauthEntryRoutes, signInMethodRoutes } from './modules/auth/oauth.routes.ts';
import { sessionReader } from './modules/auth/session.service.ts';
import { twoFactorLoginRoutes, twoFactorRoutes } from './modules/auth/two-factor.routes.ts';
import { missedMessages } from './modules/conversations/conversations.missed.ts';
import { conversationsRoutes } from './modules/conversations/conversations.routes.ts';
import { isLiveMessageImage, messageUnreadCounts } from './modules/conversations/conversations.service.ts';
import { dataExportRoutes } from './modules/data-export/data-export.routes.ts';
import { devRoutes } from './modules/dev/dev.routes.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { feedRoutes } from './modules/feed/feed.routes.ts';
import { feedbackRoutes } from './modules/feedback/feedback.routes.ts';
import { firstScreenRoutes, lazyRenderer, ssrBundleOf } from './modules/first-screen/first-screen.routes.ts';
import { friendsRoutes } from './modules/friends/friends.routes.ts';
import { friendRequestInvitations, missedFriendRequests } from './modules/friends/friends.service.ts';
import { bookingsRoutes } from './modules/haul/bookings.routes.ts';
import { haulRoutes } from './modules/haul/haul.routes.ts';
import { scheduleHaulSweep } from './modules/haul/haul-sweep.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { homeRoutes } from './modules/home/home.routes.ts';
import { imageQueue } from './modules/media/image-queue.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import {
  adminRoutes,
  moderatorRoutes,
  reportRoutes,
  standingRoutes,
  suspensionAppealRoutes,
} from './modules/moderation/moderation.routes.ts';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { missedNotifications, unreadCount } from './modules/notifications/notifications.service.ts';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.ts';
import { phoneRoutes } from './modules/phone/phone.routes.ts';
import { placesRoutes } from './modules/places/places.routes.ts';
import { seedPlaces } from './modules/places/seed-places.ts';
import { postsRoutes } from './modules/posts/posts.routes.ts';
import { isLiveImage } from './modules/posts/posts.service.ts';
import { profilesRoutes } from './modules/profiles/profiles.routes.ts';
import { isLiveAvatar } from './modules/profiles/profiles.service.ts';
import { safetyRoutes } from './modules/safety/safety.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { setupRoutes } from './modules/setup/setup.routes.ts';
import { streamRoutes } from './modules/stream/stream.routes.ts';
import { OpenStreams } from './modules/stream/stream.service.ts';
import { seedDemoCommunity } from './seed/demo-community.ts';
import { seedReferenceData } from './seed/seed-reference.ts';

export interface BuildOptions {
  /** The time the rate limiter and jobs see; tests pass a ManualClock. */
  clock?: Clock;
  /** Where PGlite keeps its files; 'memory://' for tests. Defaults to `<DATA_DIR>/db`. */
  pglitePath?: string;
  /** Pino options, or false for silence (tests). */
  logger?: boolean | Record<string, unknown>;
  /** Sees every SQL statement the app sends (tests count the statements of a request). */
  onStatement?: (sql: string, params: unknown[]) => void;
}

/** Builds the whole server from a config: used by main.ts and by every API test. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: logSerializers,
            mixin: requestIdMixin,
            redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.code'],
            ...(typeof options.logger === 'object' ? options.logger : {}),
          },
    // A hop count trusts that many proxies in front, counted from the socket (Fastify's types have no number).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: requestIdFrom(config.trustProxy),
    // A path segment longer than the router's default 100 characters answered Fastify's own 414 before any
    // hook ran, so a staff-only route told itself apart from a missing one (ADR 028). Long enough for any
    // segment a URL can carry: the params' schemas and the not-found handler answer instead, in our words.
    routerOptions: { maxParamLength: 8192 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRequestId(app);
  const metrics = registerMetrics(app, config.metrics);

  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    pglitePath: options.pglitePath ?? path.join(config.dataDir, 'db'),
    onStatement: options.onStatement,
    onConnectionLost: (error) => app.log.warn({ err: error }, 'a database connection was lost'),
  });
  // Processes started together take turns: the first migrates and seeds, the others find it done.
  await database.runAlone(async () => {
    await database.migrate();
    await seedReferenceData(database.db);
    if (config.seedPlaces) await seedPlaces(database.db);
  });

  const outbox = new Outbox(path.join(config.dataDir, 'outbox'));
  const mailer: Mailer = loggedMailer(
    config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(outbox),
    app.log,
  );
  const sms: SmsSender = loggedSms(config.twilio ? twilioSms(config.twilio) : outboxSms(outbox), app.log);
  const counters: CounterStore = config.redisUrl
    ? await RedisCounterStore.connect(config.redisUrl, config.redisKeyPrefix)
    : new MemoryCounterStore(() => clock.now());
  const bus: Bus = config.redisUrl
    ? await RedisBus.connect(config.redisUrl, config.redisKeyPrefix, {
        now: () => clock.now(),
        warn: (err, message) => app.log.warn({ err }, message),
      })
    : new MemoryBus();
  const limiter = new RateLimiter(counters, clock, config.rateLimitScale, metrics?.countRefusal);
  const background = new BackgroundWork();
  const auth = createAuth({ config, db: database.db, mailer, sms, logger: app.log, background });
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    auth,
    mailer,
    sms,
    outbox,
    storage: config.s3
      ? s3Storage({ ...config.s3, baseUrl: config.mediaBaseUrl })
      : diskStorage(path.join(config.dataDir, 'media'), config.mediaBaseUrl),
    counters,
    bus,
    limiter,
    clock,
    logger: app.log,
    background,
  };
  app.decorate('ctx', ctx);
  const draining = registerDraining(app);
  const openStreams = new OpenStreams();
  app.addHook('onClose', async () => {
    await background.settled();
    mailer.close?.();
    await counters.close();
    await bus.close();
    await database.close();
  });
  // The demo members are made through better-auth, so this waits for ctx (after the reference lists).
  if (config.seedDemo) await database.runAlone(() => seedDemoCommunity(ctx));

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The pages' inline scripts, allowed by the hashes the build wrote (dist/csp.json), read again when a build
        // rewrites it: the app shell's script runs the web app (ADR 018), so a stale hash would leave it blank.
        scriptSrc: ["'self'", inlineScriptHashes(config.webDistDir)],
        // React sets style attributes through the CSSOM; libraries (toasts, cropper) add <style> tags.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // A media CDN (MEDIA_BASE_URL) is the one other place images come from.
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          ...(config.mediaBaseUrl.startsWith('http') ? [new URL(config.mediaBaseUrl).origin] : []),
        ],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.env === 'production' ? [] : null,
      },
    },
    hsts: config.env === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The old header says what frame-ancestors 'none' says, for browsers that only know it.
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Corral API', version: '1.0.0', description: 'The API of Corral, the rodeo community app.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs`, staticCSP: true });

  registerErrorHandler(app);

  await app.register(
    async (api) => {
      // First, so that it sees every route: answers of 1 KiB or more travel compressed.
      await registerApiCompression(api);
      // Who is calling, their budget and the route group's access, before any body is read.
      const viewerFromToken = sessionReader(ctx);
      registerAccess(api, { viewerFromToken, limiter });
      registerInputGuard(api);
      registerAfterResponse(api);
      await api.register(healthRoutes, { draining });
      if (config.outboxEnabled) await api.register(devRoutes);
      // Feature modules register here. The modules others build on (media, notifications, the stream) import
      // none of them: what they need to ask the modules above is answered here (ADR 019).
      await api.register(postsRoutes);
      await api.register(feedRoutes);
      await api.register(homeRoutes);
      await api.register(eventsRoutes);
      await api.register(friendsRoutes);
      await api.register(notificationsRoutes, { invitations: friendRequestInvitations });
      await api.register(streamRoutes, {
        streams: openStreams,
        sources: {
          readSession: viewerFromToken,
          unread: unreadCount,
          messageUnread: messageUnreadCounts,
          missed: [missedFriendRequests, missedNotifications, missedMessages],
        },
      });
      await api.register(profilesRoutes);
      await api.register(conversationsRoutes);
      await api.register(haulRoutes);
      await api.register(bookingsRoutes);
      await api.register(searchRoutes);
      await api.register(placesRoutes);
      await api.register(reportRoutes);
      await api.register(standingRoutes);
      await api.register(suspensionAppealRoutes);
      await api.register(moderatorRoutes);
      await api.register(adminRoutes);
      await api.register(safetyRoutes);
      await api.register(feedbackRoutes);
      await api.register(newsletterRoutes);
      await api.register(setupRoutes);
      await api.register(onboardingRoutes);
      await api.register(phoneRoutes);
      await api.register(accountEntryRoutes);
      await api.register(sessionRoutes);
      await api.register(dataExportRoutes);
      await api.register(accountSettingsRoutes);
      await api.register(accountLinkRoutes);
      await api.register(twoFactorLoginRoutes);
      await api.register(twoFactorRoutes);
      await api.register(oauthEntryRoutes);
      await api.register(signInMethodRoutes);
      // A member page's first screen, rendered by the web app's SSR bundle when the build has one (ADR 018).
      await api.register(firstScreenRoutes, { renderer: lazyRenderer(ssrBundleOf(config.webDistDir), app.log) });
      scheduleAccountPurge(api);
      scheduleHaulSweep(api);
    },
    { prefix: API_PREFIX },
  );

  await app.register(mediaRoutes, { isLive: [isLiveImage, isLiveAvatar, isLiveMessageImage] });
  registerWebApp(app, config.webDistDir, { serveSourceMaps: config.env !== 'production' });
  metrics?.watch({
    poolStats: () => database.poolStats(),
    openStreams: () => openStreams.size,
    imageQueue: () => imageQueue.stats,
  });
  return app;
}

/**
 * The hashes of the inline scripts the web build allows (its csp.json), as CSP sources, for each answer: read
 * again whenever the file changes, so a build made while the server runs is allowed at once.
 */
function inlineScriptHashes(dist: string): () => string {
  const file = path.join(dist, 'csp.json');
  let read: { mtimeMs: number; sources: string } | undefined;
  return () => {
    const mtimeMs = existsSync(file) ? statSync(file).mtimeMs : -1;
    if (read?.mtimeMs !== mtimeMs) read = { mtimeMs, sources: readHashes(file) };
    // A source list may not be empty: 'self' again when the build allows no inline script.
    return read.sources || "'self'";
  };
}

function readHashes(file: string): string {
  if (!existsSync(file)) return '';
  try {
    const { scriptHashes } = JSON.parse(readFileSync(file, 'utf8')) as { scriptHashes?: unknown };
    if (!Array.isArray(scriptHashes)) return '';
    return scriptHashes
      .filter((hash) => typeof hash === 'string' && /^sha256-[\w+/=]+$/.test(hash))
      .map((hash) => `'${hash}'`)
      .join(' ');
  } catch {
    // Being written: the next answer reads it again.
    return '';
  }
}
