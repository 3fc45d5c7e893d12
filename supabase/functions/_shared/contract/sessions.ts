import { z } from 'zod';

// The signed-in devices list on /profile (decision 176): GET /api/auth/sessions, DELETE /api/auth/sessions/{id}.

export const SESSION_KINDS = ['personal', 'counter', 'admin'] as const;

export const signedInDevice = z.object({
  id: z.uuid(),
  /** "Chrome on Android": a short name of the browser, made when the session began. */
  device: z.string(),
  kind: z.enum(SESSION_KINDS),
  signedInAt: z.string(),
  /** Approximate: the server notes a session's use at most every 5 minutes. */
  lastActiveAt: z.string(),
  /** The session of the request that asked. */
  current: z.boolean(),
});
export type SignedInDevice = z.infer<typeof signedInDevice>;

export const signedInDevices = z.object({ sessions: z.array(signedInDevice) });
export type SignedInDevices = z.infer<typeof signedInDevices>;
