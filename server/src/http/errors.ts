import { ErrorCode, type ErrorCodeValue, type FieldError } from '@candy/contract';
import { sourceLanguage } from '@candy/contract/languages';
import { type Message, SaidError, said, sayIn } from '../i18n/said.ts';

/** A code's own message (contract/src/i18n/<language>/server.json `error.code.<code>`). */
const text = (code: ErrorCodeValue): Message => said(`error.code.${code}`);

/** An `errors[]` entry whose constraint messages may be keyed (rendered in the caller's language). */
export interface SaidFieldError {
  property: string;
  constraints: Record<string, Message>;
}

/**
 * The one error type our code throws on purpose; the error handler maps it to the envelope. Its
 * message may be keyed (`said('error.todos.notFound', { id })`): `.message` and `.errors` are then
 * the source language's (Chinese) text, for logs and tests, and `.said` / `.saidErrors` are what the
 * error handler renders in the caller's language.
 */
export class AppError extends SaidError {
  /** The field errors in the source language. */
  readonly errors?: FieldError[];
  constructor(
    readonly code: ErrorCodeValue,
    message: Message,
    readonly saidErrors?: SaidFieldError[],
    /** Extra response headers, e.g. Retry-After for 4290. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    if (saidErrors)
      this.errors = saidErrors.map(({ property, constraints }) => ({
        property,
        constraints: Object.fromEntries(
          Object.entries(constraints).map(([rule, said]) => [rule, sayIn(sourceLanguage, said)]),
        ),
      }));
  }
}

export const validationFailed = (errors: SaidFieldError[], message: Message = text(ErrorCode.validation)) =>
  new AppError(ErrorCode.validation, message, errors);

/** A single-field validation failure, for checks zod cannot express (a header, a decrypted value). */
export const invalidField = (property: string, rule: string, message: Message) =>
  validationFailed([{ property, constraints: { [rule]: message } }]);

export const unauthorized = (message: Message = text(ErrorCode.unauthorized)) =>
  new AppError(ErrorCode.unauthorized, message);
export const forbidden = (message: Message = text(ErrorCode.forbidden)) =>
  new AppError(ErrorCode.forbidden, message);
export const darkKeyRequired = (message: Message = text(ErrorCode.darkKeyRequired)) =>
  new AppError(ErrorCode.darkKeyRequired, message);
export const handshakeExpired = (message: Message = text(ErrorCode.handshakeExpired)) =>
  new AppError(ErrorCode.handshakeExpired, message);
export const freshLoginRequired = (message: Message = text(ErrorCode.freshLoginRequired)) =>
  new AppError(ErrorCode.freshLoginRequired, message);
export const notFound = (message: Message = text(ErrorCode.notFound)) =>
  new AppError(ErrorCode.notFound, message);
export const conflict = (message: Message) => new AppError(ErrorCode.conflict, message);
export const payloadTooLarge = (message: Message = text(ErrorCode.payloadTooLarge)) =>
  new AppError(ErrorCode.payloadTooLarge, message);
export const unsupportedMediaType = (message: Message = text(ErrorCode.unsupportedMediaType)) =>
  new AppError(ErrorCode.unsupportedMediaType, message);
export const rateLimited = (retryAfterSeconds: number, message: Message = text(ErrorCode.rateLimited)) =>
  new AppError(ErrorCode.rateLimited, message, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
export const providerFailed = (message: Message = text(ErrorCode.providerFailed)) =>
  new AppError(ErrorCode.providerFailed, message);
