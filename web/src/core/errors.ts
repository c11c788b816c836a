import type { FieldError } from '@candy/contract/envelope';

/** The HTTP client codes of spec §8. */
export type ClientCode =
  | 'ERR_NETWORK'
  | 'ECONNABORTED'
  | 'ETIMEDOUT'
  | 'ERR_BAD_REQUEST'
  | 'ERR_BAD_RESPONSE'
  | 'ERR_CANCELED';

/**
 * A failed call. `code` is the envelope's business code (0 when the failure never reached an
 * envelope: network, cancel, a body that is not an envelope); `clientCode` says how HTTP failed.
 * `toasted` tells callers the user has already seen the message.
 */
export class RequestError extends Error {
  clientCode: ClientCode | undefined;
  status: number | undefined;
  errors: FieldError[];
  /** The server's id for the failed request, when it answered: its log lines carry it. */
  requestId: string | undefined;
  toasted = false;

  constructor(
    readonly code: number,
    message: string,
    extra: { clientCode?: ClientCode; status?: number; errors?: FieldError[]; requestId?: string } = {},
  ) {
    super(message);
    this.name = 'RequestError';
    this.clientCode = extra.clientCode;
    this.status = extra.status;
    this.errors = extra.errors ?? [];
    this.requestId = extra.requestId || undefined;
  }
}

/** `errors[]` as lines `[property]: constraint`, one per broken rule (spec §8). */
export const errorLines = (errors: readonly FieldError[] | undefined): string[] =>
  (errors ?? []).flatMap((e) => Object.values(e.constraints).map((c) => `[${e.property}]: ${c}`));

/** The message with its field lines beneath it, as the toast shows it. */
export const fullMessage = (message: string, errors: readonly FieldError[] | undefined): string =>
  [message, ...errorLines(errors)].join('\n');

/** 4xx is the caller's fault, 5xx the server's (axios's naming, which the spec's codes come from). */
export const clientCodeOfStatus = (status: number): ClientCode =>
  status >= 400 && status < 500 ? 'ERR_BAD_REQUEST' : 'ERR_BAD_RESPONSE';

/**
 * A refusal's field errors keyed by the form's own field names, for showing each beside its field:
 * the first broken rule of each property, with `strip` taken off the property (`settings.url` →
 * `url`, `events.2` → `events`). Empty for anything but a RequestError with field errors.
 */
export const fieldErrorsOf = (error: unknown, strip: RegExp = /$^/): Record<string, string> => {
  if (!(error instanceof RequestError)) return {};
  const fields: Record<string, string> = {};
  for (const e of error.errors) {
    const [first] = Object.values(e.constraints);
    if (first !== undefined) fields[e.property.replace(strip, '')] ??= first;
  }
  return fields;
};
