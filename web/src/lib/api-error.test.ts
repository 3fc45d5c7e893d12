import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, errorStatus } from './api-error';

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
