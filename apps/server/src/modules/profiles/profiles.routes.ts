import { routeGroup } from '../../lib/access.ts';

/** Members' profiles: GET /users/:id, /user/get/:id, /user/posts-and-events/:id, PATCH /me, POST /me/avatar. */
export const profilesRoutes = routeGroup('member', async () => {});
