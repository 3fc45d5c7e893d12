// The uploads feature's public surface: all that the app, other features, http/ and jobs/ may import from uploads/.
export { profilePictureRoutes } from './profile-picture-router.ts';
export { objectRoutes } from './router.ts';
export { deleteStoredObject, resolveUploadedObject } from './uploaded-object.ts';
