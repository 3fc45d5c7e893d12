// Errors thrown by the request helper read "<status>: <body>"; the API's bodies are JSON {message}.
const STATUS_PREFIX = /^(\d{3}): ([\s\S]*)$/;

/** The HTTP status inside a request-helper error, or null for other errors (network failures, bugs). */
export function errorStatus(error: unknown): number | null {
  if (!(error instanceof Error)) return null;
  const match = STATUS_PREFIX.exec(error.message);
  return match ? Number(match[1]) : null;
}

/**
 * The text to show a person for a failed call: the server's {message} when it sent one, else the raw body,
 * else the error's own message, else the fallback.
 */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (!(error instanceof Error) || !error.message) return fallback;
  const match = STATUS_PREFIX.exec(error.message);
  if (!match) return error.message;
  const body = match[2].trim();
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string' && parsed.message) {
      return parsed.message;
    }
  } catch {
    // Not JSON: fall through to the plain body.
  }
  return body || fallback;
}
