import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

export const NUL_MESSAGE = 'Text cannot contain NUL characters.';

/** How deep the guard looks into a body; JSON deeper than this is refused as it stands. */
const MAX_DEPTH = 64;

/**
 * PostgreSQL cannot store a NUL byte in text, and refuses the whole statement with an error: every string a
 * request brings (body, query, params) is checked before it reaches a schema or a service, so a NUL
 * anywhere answers 422 and changes nothing. Bodies nested deeper than any of ours are refused the same way.
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
      if (next.value.includes('\u0000')) return NUL_MESSAGE;
    } else if (next.value !== null && typeof next.value === 'object') {
      if (next.depth >= MAX_DEPTH) return 'The request is nested too deeply.';
      for (const [key, child] of Object.entries(next.value)) {
        if (key.includes('\u0000')) return NUL_MESSAGE;
        stack.push({ value: child, depth: next.depth + 1 });
      }
    }
  }
  return null;
}
