import { ErrorCode, type ErrorCodeValue, type FieldError } from '@candy/contract';
import { sourceLanguage } from '@candy/contract/languages';
import { serverText } from '../i18n/serverText.ts';

/** A code's message in the source language (contract/src/i18n/zh-CN/server.json). */
const text = (code: ErrorCodeValue): string => serverText(sourceLanguage, `error.code.${code}`);

/** The one error type our code throws on purpose; the error handler maps it to the envelope. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCodeValue,
    message: string,
    readonly errors?: FieldError[],
    /** Extra response headers, e.g. Retry-After for 4290. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const validationFailed = (errors: FieldError[], message = text(ErrorCode.validation)) =>
  new AppError(ErrorCode.validation, message, errors);

/** A single-field validation failure, for checks zod cannot express (a header, a decrypted value). */
export const invalidField = (property: string, rule: string, message: string) =>
  validationFailed([{ property, constraints: { [rule]: message } }]);

export const unauthorized = (message = text(ErrorCode.unauthorized)) =>
  new AppError(ErrorCode.unauthorized, message);
export const forbidden = (message = text(ErrorCode.forbidden)) => new AppError(ErrorCode.forbidden, message);
export const darkKeyRequired = (message = text(ErrorCode.darkKeyRequired)) =>
  new AppError(ErrorCode.darkKeyRequired, message);
export const handshakeExpired = (message = text(ErrorCode.handshakeExpired)) =>
  new AppError(ErrorCode.handshakeExpired, message);
export const freshLoginRequired = (message = text(ErrorCode.freshLoginRequired)) =>
  new AppError(ErrorCode.freshLoginRequired, message);
export const notFound = (message = text(ErrorCode.notFound)) => new AppError(ErrorCode.notFound, message);
export const conflict = (message: string) => new AppError(ErrorCode.conflict, message);
export const payloadTooLarge = (message = text(ErrorCode.payloadTooLarge)) =>
  new AppError(ErrorCode.payloadTooLarge, message);
export const unsupportedMediaType = (message = text(ErrorCode.unsupportedMediaType)) =>
  new AppError(ErrorCode.unsupportedMediaType, message);
export const rateLimited = (retryAfterSeconds: number, message = text(ErrorCode.rateLimited)) =>
  new AppError(ErrorCode.rateLimited, message, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
export const providerFailed = (message = text(ErrorCode.providerFailed)) =>
  new AppError(ErrorCode.providerFailed, message);
