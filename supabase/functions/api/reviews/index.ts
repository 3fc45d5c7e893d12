// The reviews feature's public surface: all that the app, other features, http/ and jobs/ may import from reviews/.
export { reviewRoutes } from './router.ts';
export { upholdUnansweredReports } from './promise.ts';
