import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { clockTime } from '@/lib/dates';
import { counterErrorMessage, retryAtOf } from './counter-refusal';

describe('counter refusals', () => {
  it('a 429 says when checking works again', () => {
    const retryAt = '2026-11-25T10:07:00.000Z';
    const error = new ApiError(429, JSON.stringify({ message: 'Too many wrong codes or member numbers at this counter. Checking works again in 4 min.', retryAfterSeconds: 240, retryAt }));
    expect(retryAtOf(error)?.toISOString()).toBe(retryAt);
    expect(counterErrorMessage(error)).toBe(`Too many wrong codes or member numbers at this counter. Checking works again in 4 min. It works again at ${clockTime(retryAt)}.`);
  });

  it('other refusals keep their own words', () => {
    const error = new ApiError(422, JSON.stringify({ message: 'Code not recognised.' }));
    expect(retryAtOf(error)).toBeNull();
    expect(counterErrorMessage(error)).toBe('Code not recognised.');
    expect(retryAtOf(new ApiError(429, 'not json'))).toBeNull();
  });
});
