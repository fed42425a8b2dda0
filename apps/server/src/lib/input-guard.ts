import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

export const NUL_MESSAGE = 'Text cannot contain NUL characters.';
export const UNICODE_MESSAGE = 'Text must be valid Unicode.';

/** Half of a surrogate pair standing alone: JSON can carry it, UTF-8 cannot (it was stored as U+FFFD). */
const LONE_SURROGATE = /\p{Cs}/u;

function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return UNICODE_MESSAGE;
  return null;
}

/** How deep the guard looks into a body; JSON deeper than this is refused as it stands. */
const MAX_DEPTH = 64;

/**
 * PostgreSQL cannot store a NUL byte in text, and refuses the whole statement with an error: every string a
 * request brings (body, query, params) is checked before it reaches a schema or a service, so a NUL
 * anywhere answers 422 and changes nothing. So does half a surrogate pair, which would be stored as another
 * character than the one sent. Bodies nested deeper than any of ours are refused the same way.
 */
export function registerInputGuard(api: FastifyInstance): void {
  api.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const problem = inspect(part);
      if (problem) throw new AppError(422, problem);
    }
  });
}

function inspect(value: unknown): string | null {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const next = stack.pop();
    if (!next) break;
    if (typeof next.value === 'string') {
      const problem = textProblem(next.value);
      if (problem) return problem;
    } else if (next.value !== null && typeof next.value === 'object') {
      if (next.depth >= MAX_DEPTH) return 'The request is nested too deeply.';
      for (const [key, child] of Object.entries(next.value)) {
        const problem = textProblem(key);
        if (problem) return problem;
        stack.push({ value: child, depth: next.depth + 1 });
      }
    }
  }
  return null;
}
