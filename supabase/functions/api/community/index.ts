// The community feature's public surface: all that the app, other features, http/ and jobs/ may import from community/.
export { communityRoutes } from './router.ts';
export { reportedPosts } from './community.ts';
