import { CAMPAIGN_CHANGED_CODE } from '../shared/contract/common';

/** A failure the caller caused or may see: its message is shown to the user as is (style habit 6). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** A machine-readable reason beside the message, for a client that acts on it (issue 31). */
    readonly code?: string,
  ) {
    super(message);
  }

  /** The answer's body: the one error shape, with the code when there is one. */
  body(): { success: false; message: string; code?: string } {
    return this.code
      ? { success: false, message: this.message, code: this.code }
      : { success: false, message: this.message };
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Not authenticated') => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
/**
 * Issue 31: a campaign write stated the status its screen showed, and the campaign has another one
 * now. Its own code, so that the client refreshes and never retries it as "still being processed".
 */
export const campaignChanged = (message: string) =>
  new HttpError(409, message, CAMPAIGN_CHANGED_CODE);
export const tooManyRequests = (
  message = 'Too many attempts. Please wait a few minutes and try again.',
) => new HttpError(429, message);
