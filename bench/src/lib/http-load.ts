import http from 'node:http';
import { cpuMs, machineCpu } from './server-process.ts';

export interface Latency {
  p50: number;
  p99: number;
  rps: number;
}

export interface HttpRequest {
  method?: string;
  url: string;
  token?: string;
  headers?: http.OutgoingHttpHeaders;
  body?: Buffer | string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** Sends one request over the keep-alive agent; resolves with its status once the body has been read. */
export function send({ method = 'GET', url, token, headers, body }: HttpRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method, agent, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** The value at quantile `q` (0-1) of ascending `sorted`. */
export const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

export interface LoadOptions {
  connections: number;
  /** Seconds of load. */
  duration: number;
  /** Requests sent first, unmeasured (the connection's prepared statements, the JIT). */
  warmup?: number;
  /** Statuses that count as served; any other fails the run unless it is in `refused`. */
  ok?: readonly number[];
  /** Statuses counted as refusals (an overloaded queue's 503) instead of failing the run. */
  refused?: readonly number[];
  /** The server's process id, to report its CPU time per request and how busy the machine was. */
  cpuOf?: number | undefined;
}

export interface LoadResult extends Latency {
  served: number;
  refusals: number;
  /** The server's CPU (user + system) per request answered, in ms; with `cpuOf`. */
  cpuPerRequest?: number;
  /** The share of all cores busy during the run (0-1); with `cpuOf`. */
  machineBusy?: number;
}

/**
 * Loads the server with `connections` clients sending back to back (keep-alive) for `duration` seconds;
 * latencies measured per request with microsecond resolution (autocannon rounds to whole ms). `next`
 * gives each request, so writes can vary their target.
 */
export async function load(next: () => HttpRequest, options: LoadOptions): Promise<LoadResult> {
  const { connections, duration, warmup = 20, ok = [200], refused = [], cpuOf } = options;
  const check = (request: HttpRequest, status: number) => {
    if (ok.includes(status)) return true;
    if (refused.includes(status)) return false;
    throw new Error(`${request.method ?? 'GET'} ${request.url}: ${status}`);
  };
  for (let i = 0; i < warmup; i += 1) {
    const request = next();
    check(request, await send(request));
  }
  const samples: number[] = [];
  let refusals = 0;
  const [cpuBefore, machineBefore] = cpuOf ? await Promise.all([cpuMs(cpuOf), machineCpu()]) : [0, null];
  const start = performance.now();
  const end = start + duration * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const request = next();
        const sent = performance.now();
        if (check(request, await send(request))) samples.push(performance.now() - sent);
        else refusals += 1;
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  samples.sort((a, b) => a - b);
  const result: LoadResult = {
    p50: quantile(samples, 0.5),
    p99: quantile(samples, 0.99),
    rps: samples.length / elapsed,
    served: samples.length,
    refusals,
  };
  if (!cpuOf || !machineBefore) return result;
  const [cpuAfter, machineAfter] = await Promise.all([cpuMs(cpuOf), machineCpu()]);
  return {
    ...result,
    cpuPerRequest: (cpuAfter - cpuBefore) / Math.max(1, samples.length + refusals),
    machineBusy: (machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total),
  };
}

/** Closes the keep-alive sockets, so the process can exit. */
export function closeConnections(): void {
  agent.destroy();
}
