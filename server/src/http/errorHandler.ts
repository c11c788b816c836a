import { ErrorCode, type ErrorCodeValue, type ErrorEnvelope, httpStatusOf } from '@candy/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ZodError } from 'zod';
import { AppError, notFound, payloadTooLarge, unsupportedMediaType, validationFailed } from './errors.ts';
import { loggableUrl } from './security.ts';
import { toFieldErrors } from './validate.ts';

export const sendError = (reply: FastifyReply, error: AppError): FastifyReply => {
  const body: ErrorEnvelope = { code: error.code, data: null, errorMsg: error.message };
  if (error.errors?.length) body.errors = error.errors;
  // A refusal is about this one request: no cache keeps it (a 404 is cacheable by default, and a
  // header a route set before it failed must not outlive it). An error's own headers may say else.
  void reply.header('cache-control', 'no-store');
  if (error.headers) void reply.headers(error.headers);
  return reply.status(httpStatusOf[error.code]).send(body);
};

/** Fastify's own client-side failures (bad JSON, too large, wrong type) in our terms. */
const fromFastify = (error: FastifyError): AppError | null => {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return validationFailed([{ property: 'body', constraints: { json: '请求体不是合法的 JSON' } }]);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return payloadTooLarge();
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return unsupportedMediaType();
    default:
      break;
  }
  const status = error.statusCode ?? 500;
  if (status === 413) return payloadTooLarge();
  if (status === 415) return unsupportedMediaType();
  if (status === 404) return notFound();
  if (status >= 400 && status < 500) {
    const code: ErrorCodeValue = status === 401 ? ErrorCode.unauthorized : ErrorCode.validation;
    return new AppError(code, error.message);
  }
  return null;
};

export const installErrorHandler = (app: FastifyInstance): void => {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const known =
      error instanceof AppError
        ? error
        : error instanceof ZodError
          ? validationFailed(toFieldErrors(error.issues, 'body'))
          : fromFastify(error);
    if (known) {
      // The caller's mistake, not ours: worth a debug line, never an error.
      req.log.debug({ code: known.code, msg: known.message }, 'request refused');
      return sendError(reply, known);
    }
    req.log.error({ err: error, method: req.method, url: loggableUrl(req.url) }, 'unexpected error');
    return sendError(reply, new AppError(ErrorCode.internal, `服务器内部错误 (request id ${req.id})`));
  });
};
