import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_PREFIX } from '@corral/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../db/client.ts';

/** The image queue's numbers (modules/media/image-queue.ts `stats`). */
export interface ImageQueueStats {
  places: number;
  running: number;
  waiting: number;
  processed: number;
  failed: number;
}

/** What the metrics read at each scrape, from the parts that own the numbers (registered in app.ts). */
export interface MetricSources {
  poolStats: () => PoolStats | null;
  openStreams: () => number;
  imageQueue: () => ImageQueueStats;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where Prometheus reads the metrics (METRICS_HOST:METRICS_PORT), once the app is ready; null when off. */
    metricsUrl: string | null;
  }
}

/**
 * A request's route for the metrics: the API's and the media's route patterns (never the URL, which holds
 * ids), one label for the web app's files and pages (each built file has a route of its own), and one for
 * what matched no route.
 */
function routeOf(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (!pattern) return 'unmatched';
  return pattern.startsWith(`${API_PREFIX}/`) || pattern.startsWith('/media/') ? pattern : 'web';
}

/** A gauge read from `read` at each scrape. */
function readGauge(registry: Registry, name: string, help: string, read: () => number): void {
  new Gauge({ name, help, registers: [registry], collect: setTo(read) });
}

/** A counter kept elsewhere (a running total), read at each scrape. */
function readCounter(registry: Registry, name: string, help: string, read: () => number): void {
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(read());
    },
  });
}

function setTo(read: () => number) {
  return function (this: Gauge) {
    this.set(read());
  };
}

/**
 * The process's Prometheus metrics: request durations by route pattern and status, rate-limit refusals by
 * limit, the database pool, open streams, the image queue and Node's own (CPU, memory, event loop, GC).
 * Served by a small HTTP server of its own on METRICS_HOST:METRICS_PORT (127.0.0.1 by default), never on
 * the public port.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly #requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to answer, by method, route pattern and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly #refusals = new Counter({
    name: 'corral_rate_limit_refusals_total',
    help: 'Actions refused by a rate limit, by limit',
    labelNames: ['limit'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** The rate limiter's `onLimited`. */
  readonly countRefusal = (limit: string): void => {
    this.#refusals.inc({ limit });
  };

  /** Times every answer of `app` (registered first, so it sees every route). */
  observeRequests(app: FastifyInstance): void {
    app.addHook('onResponse', async (request, reply) => {
      this.#requestDuration.observe(
        { method: request.method, route: routeOf(request), status_code: reply.statusCode },
        reply.elapsedTime / 1000,
      );
    });
  }

  /** The numbers read at each scrape. The pool's exist only on PostgreSQL (PGlite has no pool). */
  watch(sources: MetricSources): void {
    const registry = this.registry;
    if (sources.poolStats()) {
      const pool = () => sources.poolStats() ?? { total: 0, idle: 0, waiting: 0 };
      readGauge(registry, 'corral_db_pool_connections', 'Open connections of the pool', () => pool().total);
      readGauge(registry, 'corral_db_pool_idle', 'Idle connections of the pool', () => pool().idle);
      readGauge(registry, 'corral_db_pool_waiting', 'Queries waiting for a connection', () => pool().waiting);
    }
    readGauge(registry, 'corral_streams_open', 'Live streams open on this process', sources.openStreams);
    const queue = sources.imageQueue;
    readGauge(registry, 'corral_image_queue_places', 'Uploads holding a place in line', () => queue().places);
    readGauge(registry, 'corral_image_queue_running', 'Images being worked on', () => queue().running);
    readGauge(registry, 'corral_image_queue_waiting', 'Images waiting for a worker', () => queue().waiting);
    readCounter(registry, 'corral_image_queue_processed_total', 'Images processed', () => queue().processed);
    readCounter(registry, 'corral_image_queue_failed_total', 'Images whose processing failed', () => queue().failed);
  }

  /** Serves GET /metrics on its own server from the moment `app` is ready until it closes. */
  serve(app: FastifyInstance, where: { host: string; port: number }): void {
    const server = createServer((request, response) => {
      if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
        response.writeHead(404).end();
        return;
      }
      this.registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': this.registry.contentType }).end(text),
        () => response.writeHead(500).end(),
      );
    });
    app.addHook('onReady', async () => {
      await listen(server, where);
      const { address, port } = server.address() as AddressInfo;
      app.metricsUrl = `http://${address.includes(':') ? `[${address}]` : address}:${port}/metrics`;
    });
    app.addHook('onClose', async () => {
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    });
  }
}

/**
 * The metrics of `app` when METRICS_PORT is set (its requests timed from now on, served once it is ready),
 * null otherwise.
 */
export function registerMetrics(
  app: FastifyInstance,
  where: { host: string; port: number } | undefined,
): Metrics | null {
  app.decorate('metricsUrl', null);
  if (!where) return null;
  const metrics = new Metrics();
  metrics.observeRequests(app);
  metrics.serve(app, where);
  return metrics;
}

function listen(server: Server, { host, port }: { host: string; port: number }): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
