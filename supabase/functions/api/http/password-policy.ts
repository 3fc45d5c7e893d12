// Server-only password rules (decision 088): the length rules live in the shared contract (newPassword);
// this adds the list of the most common passwords, which stays out of the web bundle.
import { dictionary } from '@zxcvbn-ts/language-common';
import { newPassword } from '../../_shared/contract/common.ts';
import { fieldMessage } from '../../_shared/contract/field-labels.ts';
import { badRequest } from './http-error.ts';
import { parse } from './validate.ts';

/** How many of the list's most frequent passwords are refused (the list is ordered by frequency). */
export const COMMON_PASSWORDS_REFUSED = 10_000;
/** Said of the field ("The password is one of..."), whichever password field it is. */
export const COMMON_PASSWORD_MESSAGE = 'is one of the most common passwords and easy to guess. Please choose another.';

let common: Set<string> | null = null;
const commonPasswords = () =>
  (common ??= new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORDS_REFUSED).map((p) => p.toLowerCase())));

export const isCommonPassword = (password: string) => commonPasswords().has(password.trim().toLowerCase());

/** Throws 400 naming `field` unless `password` may be set as an account's password. */
export function assertAcceptablePassword(password: string, field = 'password'): void {
  parse(newPassword, password, field);
  if (isCommonPassword(password)) throw badRequest(fieldMessage(field, COMMON_PASSWORD_MESSAGE));
}
