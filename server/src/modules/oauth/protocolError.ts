/**
 * An answer in Mastodon's (and OAuth 2's) error shape, `{"error": "…", "error_description"?: "…"}`
 * with its HTTP status — never our envelope: apps read `error`, and show it.
 */
export class ProtocolError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description?: string,
  ) {
    super(error);
    this.name = 'ProtocolError';
  }

  get body(): { error: string; error_description?: string } {
    return this.description === undefined
      ? { error: this.error }
      : { error: this.error, error_description: this.description };
  }
}

export const invalidToken = () => new ProtocolError(401, 'The access token is invalid');
export const outsideScopes = () => new ProtocolError(403, 'This action is outside the authorized scopes');
export const recordNotFound = () => new ProtocolError(404, 'Record not found');
export const unprocessable = (message: string) => new ProtocolError(422, `Validation failed: ${message}`);
