import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { requireViewer, type Viewer } from './viewer.ts';

const viewers = new WeakMap<FastifyRequest, Viewer>();

/**
 * A `preValidation` hook for routes with a body: the bearer token is checked before the body is
 * validated, so a caller without a valid token gets 401 and learns nothing about the body's schema.
 * The handler then reads the member with `viewerOf(request)` (no second session lookup).
 */
export function authenticate(ctx: AppContext) {
  return async (request: FastifyRequest): Promise<void> => {
    viewers.set(request, await requireViewer(ctx, request));
  };
}

export function viewerOf(request: FastifyRequest): Viewer {
  const viewer = viewers.get(request);
  if (!viewer) throw new Error('the route reads the viewer without the authenticate hook');
  return viewer;
}
