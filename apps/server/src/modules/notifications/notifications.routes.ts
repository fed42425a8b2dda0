import { routeGroup } from '../../lib/access.ts';

/** GET /notifications and the actions on one. */
export const notificationsRoutes = routeGroup('member', async () => {});
