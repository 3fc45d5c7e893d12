import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { IMAGE_TOO_LARGE_MESSAGE, INVALID_IMAGE_MESSAGE } from '../../_shared/images.ts';
import type { ProfilePictureAnswer } from '../../_shared/contract/objects.ts';
import { type AppEnv, servicesOf, userTx } from '../http/context.ts';
import { badRequest, HttpError } from '../http/http-error.ts';
import { checkImageBytes, MAX_UPLOAD_REQUEST_BYTES } from '../http/image-upload.ts';
import { deleteStoredObject } from './uploaded-object.ts';
import { requireUser } from '../http/session.ts';
import { swapProfilePicture } from './uploads.ts';
import { fieldMessage } from '../../_shared/contract/field-labels.ts';

/** POST and DELETE /api/auth/profile-picture (mounted beside the auth routes). */
export const profilePictureRoutes = new Hono<AppEnv>();

const requestLimit = bodyLimit({
  maxSize: MAX_UPLOAD_REQUEST_BYTES,
  onError: () => {
    throw new HttpError(413, IMAGE_TOO_LARGE_MESSAGE);
  },
});

const swapPicture = (c: Parameters<typeof userTx>[0], path: string | null) => userTx(c, (q) => swapProfilePicture(q, path));

profilePictureRoutes.post('/', requestLimit, async (c) => {
  const user = requireUser(c);
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw badRequest(fieldMessage('profilePicture', 'must be sent as multipart/form-data'));
  }
  const file = form.get('profilePicture');
  if (!(file instanceof Blob)) throw new HttpError(400, `${fieldMessage('profilePicture', 'is required.')} ${INVALID_IMAGE_MESSAGE}`);
  const image = checkImageBytes(new Uint8Array(await file.arrayBuffer()));
  const key = `profile-pictures/${user.id}/${crypto.randomUUID()}`;
  await c.var.deps.objects.put(key, image.bytes, image.contentType);
  const previous = await swapPicture(c, `/objects/${key}`);
  await deleteStoredObject(servicesOf(c), previous);
  return c.json({ profilePicture: `/objects/${key}` } satisfies ProfilePictureAnswer);
});

profilePictureRoutes.delete('/', async (c) => {
  requireUser(c);
  const previous = await swapPicture(c, null);
  await deleteStoredObject(servicesOf(c), previous);
  return c.json({ profilePicture: null } satisfies ProfilePictureAnswer);
});
