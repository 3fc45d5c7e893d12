import { z } from 'zod';

/** Every error body of the API. */
export const errorBody = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;

export const uuid = z.uuid({ message: 'must be a valid id' });
/** Optional id from a form: empty string and null mean "none". */
export const optionalId = z.preprocess((v) => (v === '' ? null : v), uuid.nullish());
export const isoDateTime = z.string();
