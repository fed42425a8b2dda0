import { routeGroup } from '../../lib/access.ts';

/** GET /stream: server-sent events to every open tab of a member. */
export const streamRoutes = routeGroup('member', async () => {});
