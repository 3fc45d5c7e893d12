/** The error text rule of docs/spec.md section 8 (docs/spec.md): "<status>: <body text, or the status text when the body is empty>". */
export function responseErrorMessage(status: number, bodyText: string, statusText = ''): string {
  return `${status}: ${bodyText || statusText}`;
}

/** The server's {message} in a JSON body, else the body text itself, else null. */
function serverMessageOf(bodyText: string): string | null {
  const body = bodyText.trim();
  if (!body) return null;
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string' && parsed.message) {
      return parsed.message;
    }
  } catch {
    // Not JSON: the plain body.
  }
  return body;
}

/**
 * A call the API answered with an error status. `message` keeps the spec's "<status>: <body>" text;
 * `status` and `serverMessage` (the body's {message}, else its text, else null) are read as properties.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The raw body text. */
  readonly body: string;
  readonly serverMessage: string | null;

  constructor(status: number, bodyText: string, statusText = '') {
    super(responseErrorMessage(status, bodyText, statusText));
    this.status = status;
    this.body = bodyText;
    this.serverMessage = serverMessageOf(bodyText);
  }

  /** The error for a response that is not OK (reads its body). */
  static async of(res: Response): Promise<ApiError> {
    const text = await res.text().catch(() => '');
    return new ApiError(res.status, text, res.statusText);
  }
}

/** What a person reads when a part of the app (a screen's chunk) could not be downloaded: they were offline. */
export const CHUNK_LOAD_MESSAGE = "This screen needs a connection the first time. Try again when you're online.";

/**
 * True for a failed download of a code-split chunk, as each browser words it: Chromium "Failed to fetch dynamically
 * imported module: <url>", Firefox "error loading dynamically imported module", Safari "Importing a module script
 * failed", and Vite's preload of a chunk's CSS ("Unable to preload CSS").
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(message);
}

/** The HTTP status of an API error, or null for other errors (network failures, bugs). */
export function errorStatus(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}

/**
 * The text to show a person for a failed call: the server's {message} when it sent one, else the raw body,
 * else the error's own message (other errors), else the fallback.
 */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  if (isChunkLoadError(error)) return CHUNK_LOAD_MESSAGE;
  if (!(error instanceof Error) || !error.message) return fallback;
  return error.message;
}
