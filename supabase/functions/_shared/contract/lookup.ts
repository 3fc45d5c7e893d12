import { z } from 'zod';

export const city = z.object({ id: z.string(), name: z.string(), state: z.string() });
export type City = z.infer<typeof city>;

export const charity = z.object({ id: z.string(), name: z.string(), cityId: z.string() });
export type Charity = z.infer<typeof charity>;
export const charitiesQuery = z.object({ cityId: z.uuid({ message: 'must be a valid id' }).optional() });
