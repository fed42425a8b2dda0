import { routeGroup } from '../../lib/access.ts';

/** GET /search?q=: members and events. */
export const searchRoutes = routeGroup('member', async () => {});
