import { z } from 'zod';

/** POST /api/objects/upload: a signed, expiring address for one object, to PUT the file to. */
export const objectUploadAnswer = z.object({ uploadURL: z.string() });
export type ObjectUploadAnswer = z.infer<typeof objectUploadAnswer>;

/** Answer of the PUT to an upload address: where the stored object is served. */
export const objectStoredAnswer = z.object({ objectPath: z.string() });
export type ObjectStoredAnswer = z.infer<typeof objectStoredAnswer>;

export const profilePictureAnswer = z.object({ profilePicture: z.string().nullable() });
export type ProfilePictureAnswer = z.infer<typeof profilePictureAnswer>;
