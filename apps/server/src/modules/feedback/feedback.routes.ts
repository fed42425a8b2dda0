import { routeGroup } from '../../lib/access.ts';

/** POST /feedback: Help Center, Feedback Submission and Contact us. */
export const feedbackRoutes = routeGroup('member', async () => {});
