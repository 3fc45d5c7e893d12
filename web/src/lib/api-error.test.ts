import { describe, expect, it } from 'vitest';
import { ApiError, CHUNK_LOAD_MESSAGE, errorMessage, errorStatus, isChunkLoadError } from './api-error';

describe('errorMessage', () => {
  it("pulls the server's {message} out of a request error", () => {
    expect(errorMessage(new ApiError(409, '{"message":"User already exists"}'))).toBe('User already exists');
  });

  it('uses a plain-text body as is', () => {
    expect(errorMessage(new ApiError(502, 'Bad Gateway'))).toBe('Bad Gateway');
  });

  it('keeps messages of other errors and falls back for non-errors', () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(errorMessage('boom', 'Fallback')).toBe('Fallback');
    expect(errorMessage(new ApiError(500, ''), 'Fallback')).toBe('Fallback');
  });

  it('ignores JSON without a usable message', () => {
    expect(errorMessage(new ApiError(400, '{"error":"x"}'))).toBe('{"error":"x"}');
  });
});

describe('errorStatus', () => {
  it('reads the status of request errors only', () => {
    expect(errorStatus(new ApiError(404, '{"message":"Not found"}'))).toBe(404);
    expect(errorStatus(new Error('404: looks like one'))).toBeNull();
    expect(errorStatus(new Error('Failed to fetch'))).toBeNull();
    expect(errorStatus(null)).toBeNull();
  });
});

describe('ApiError', () => {
  it('keeps the spec\'s "<status>: <body>" message and gives status and the server message as properties', () => {
    const error = new ApiError(409, '{"message":"User already exists"}', 'Conflict');
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('409: {"message":"User already exists"}');
    expect(error.name).toBe('ApiError');
    expect(error.status).toBe(409);
    expect(error.serverMessage).toBe('User already exists');
    expect(error.body).toBe('{"message":"User already exists"}');
  });

  it('uses the status text when the body is empty, and has no server message then', async () => {
    const error = await ApiError.of(new Response(null, { status: 502, statusText: 'Bad Gateway' }));
    expect(error.message).toBe('502: Bad Gateway');
    expect(error.serverMessage).toBeNull();
  });
});

describe('a chunk that could not be downloaded (issue 42)', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://pay.example/assets/profile-Cx1.js',
    'error loading dynamically imported module: https://pay.example/assets/profile-Cx1.js',
    'Importing a module script failed.',
  ])('reads as a sentence about being offline, not %j', (browserWords) => {
    expect(isChunkLoadError(new TypeError(browserWords))).toBe(true);
    expect(errorMessage(new TypeError(browserWords))).toBe("This screen needs a connection the first time. Try again when you're online.");
  });
  it('leaves other errors as they were', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false);
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(CHUNK_LOAD_MESSAGE).not.toMatch(/module|fetch/i);
  });
});
