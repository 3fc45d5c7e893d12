// The member-export feature's public surface: all that the app, other features, http/ and jobs/ may import from member-export/.
export { memberExportRoutes } from './router.ts';
