import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { hashedKey } from '../../lib/hashed-key.ts';

/** What a service needs to know about the request it serves: who asked, from where, and where to log. */
export interface RequestMeta {
  ip: string;
  userAgent: string | undefined;
  log: FastifyBaseLogger;
  /** Headers for better-auth: the client's IP and user agent, never a token. */
  headers: Headers;
  /** Runs `job` once the answer has been sent. */
  later(job: () => Promise<unknown>): void;
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  const userAgent = request.headers['user-agent']?.slice(0, 256);
  const headers = new Headers({ 'x-forwarded-for': request.ip });
  if (userAgent) headers.set('user-agent', userAgent);
  return { ip: request.ip, userAgent, log: request.log, headers, later: (job) => request.afterResponse(job) };
}

/** A stable, non-reversible key for an email address: rate-limit counters never hold the address itself. */
export function emailKey(email: string): string {
  return hashedKey(email.trim().toLowerCase());
}

/** An email address as a log line may show it: first letter and domain ("c***@example.com"). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
