import { describe, expect, it } from 'vitest';
import { errorMessage, errorStatus } from './api-error';

describe('errorMessage', () => {
  it("pulls the server's {message} out of a request error", () => {
    expect(errorMessage(new Error('409: {"message":"User already exists"}'))).toBe('User already exists');
  });

  it('uses a plain-text body as is', () => {
    expect(errorMessage(new Error('502: Bad Gateway'))).toBe('Bad Gateway');
  });

  it('keeps messages of other errors and falls back for non-errors', () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(errorMessage('boom', 'Fallback')).toBe('Fallback');
    expect(errorMessage(new Error('500: '), 'Fallback')).toBe('Fallback');
  });

  it('ignores JSON without a usable message', () => {
    expect(errorMessage(new Error('400: {"error":"x"}'))).toBe('{"error":"x"}');
  });
});

describe('errorStatus', () => {
  it('reads the status of request errors only', () => {
    expect(errorStatus(new Error('404: {"message":"Not found"}'))).toBe(404);
    expect(errorStatus(new Error('Failed to fetch'))).toBeNull();
    expect(errorStatus(null)).toBeNull();
  });
});
