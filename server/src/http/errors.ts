import { ErrorCode, type ErrorCodeValue, type FieldError } from '@candy/contract';

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

export const validationFailed = (errors: FieldError[], message = '填写的内容有误，请按提示修改') =>
  new AppError(ErrorCode.validation, message, errors);

/** A single-field validation failure, for checks zod cannot express (a header, a decrypted value). */
export const invalidField = (property: string, rule: string, message: string) =>
  validationFailed([{ property, constraints: { [rule]: message } }]);

export const unauthorized = (message = '需要主人权限') => new AppError(ErrorCode.unauthorized, message);
export const forbidden = (message = '没有权限') => new AppError(ErrorCode.forbidden, message);
export const darkKeyRequired = (message = '需要正确的解码密钥') =>
  new AppError(ErrorCode.darkKeyRequired, message);
export const handshakeExpired = (message = '握手已过期') => new AppError(ErrorCode.handshakeExpired, message);
export const freshLoginRequired = (message = '请先再次验证身份（密码或通行密钥），十分钟内有效') =>
  new AppError(ErrorCode.freshLoginRequired, message);
export const notFound = (message = '不存在') => new AppError(ErrorCode.notFound, message);
export const conflict = (message: string) => new AppError(ErrorCode.conflict, message);
export const payloadTooLarge = (message = '请求体过大') => new AppError(ErrorCode.payloadTooLarge, message);
export const unsupportedMediaType = (message = '不支持的内容类型') =>
  new AppError(ErrorCode.unsupportedMediaType, message);
export const rateLimited = (retryAfterSeconds: number, message = '请求过于频繁') =>
  new AppError(ErrorCode.rateLimited, message, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
export const providerFailed = (message = '外部服务不可用') => new AppError(ErrorCode.providerFailed, message);
