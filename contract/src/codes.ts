/** Business codes of the envelope (DESIGN §3) and the HTTP status each one travels with. */
export const ErrorCode = {
  ok: 0,
  validation: 4000,
  unauthorized: 4010,
  forbidden: 4030,
  darkKeyRequired: 4031,
  handshakeExpired: 4032,
  /** A visitor's write came without a proof of work (ALTCHA, issue 25). */
  proofRequired: 4033,
  /** The proof does not solve a challenge this site signed. */
  proofInvalid: 4034,
  /** The proof solves a challenge past its expiry. */
  proofExpired: 4035,
  /** The proof was accepted once already (by this or another replica). */
  proofReused: 4036,
  /** A security setting needs a login (password or passkey) within the last 10 minutes. */
  freshLoginRequired: 4037,
  /**
   * A password login from an address (or at a time) with many recent failures must carry a proof of
   * work (issue 40.4): the login page solves one and sends the password again.
   */
  loginProofRequired: 4038,
  notFound: 4040,
  /** The client took too long to send its request (Node's request timeout). */
  requestTimeout: 4080,
  conflict: 4090,
  /** A request body (or an upload) over its limit. */
  payloadTooLarge: 4130,
  unsupportedMediaType: 4150,
  rateLimited: 4290,
  /** The request line or header block over Node's 16 KB limit: not a body, so HTTP 431, not 413. */
  headersTooLarge: 4310,
  internal: 5000,
  providerFailed: 5030,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

export const httpStatusOf: Record<ErrorCodeValue, number> = {
  0: 200,
  4000: 400,
  4010: 401,
  4030: 403,
  4031: 403,
  // 4032 travels as 200 so that the client's envelope handling (not its HTTP error path) re-knocks.
  4032: 200,
  4033: 403,
  4034: 403,
  4035: 403,
  4036: 403,
  4037: 403,
  4038: 403,
  4040: 404,
  4080: 408,
  4090: 409,
  4130: 413,
  4150: 415,
  4290: 429,
  4310: 431,
  5000: 500,
  5030: 503,
};
