import { z } from 'zod';

export const uuid = z.uuid({ message: 'must be a valid id' });
/** Optional id from a form: empty string and null mean "none". */
export const optionalId = z.preprocess((v) => (v === '' ? null : v), uuid.nullish());
