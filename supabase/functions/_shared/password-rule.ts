// The one password rule (decision 088 as amended by 176), for every password being set: register, subscribe,
// reset, change, staff invites. The API and every web form use this function, so a form refuses before
// sending exactly what the server would refuse (plus the server's list of common passwords, which stays
// out of the web bundle: http/password-policy.ts). No zod here: the forms import it without the contract.
import { PASSWORD_MAX_BYTES, PASSWORD_MIN } from './constants.ts';

/** What every password form says, word for word. */
export const PASSWORD_RULE_HINT =
  `${PASSWORD_MIN} to ${PASSWORD_MAX_BYTES} characters; not only spaces, not a common password.`;

const utf8Length = (value: string) => new TextEncoder().encode(value).byteLength;

/**
 * Why `password` may not be set ("must be at least 8 characters"...), to follow the field's name, or null
 * when the length rules pass. Characters are code points, as a person counts them (an emoji is one).
 */
export function passwordProblem(password: string): string | null {
  if ([...password].length < PASSWORD_MIN) return `must be at least ${PASSWORD_MIN} characters`;
  // bcrypt reads only the first 72 bytes: longer is refused, never silently cut.
  if (utf8Length(password) > PASSWORD_MAX_BYTES) {
    // The hint's "characters" is exact for plain letters, digits and punctuation (one byte each); the limit itself
    // stays in bytes, so the refusal says how the others count.
    return `must be at most ${PASSWORD_MAX_BYTES} characters, where an accented letter counts as 2 and an emoji as 4`;
  }
  if (password.trim().length === 0) return 'must not be only spaces';
  return null;
}
