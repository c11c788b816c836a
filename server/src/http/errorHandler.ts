import {
  ErrorCode,
  type ErrorCodeValue,
  type ErrorEnvelope,
  type FieldError,
  httpStatusOf,
} from '@candy/contract';
import { type Language, sourceLanguage } from '@candy/contract/languages';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ZodError } from 'zod';
import { said, sayIn } from '../i18n/said.ts';
import { serverText } from '../i18n/serverText.ts';
import { AppError, notFound, payloadTooLarge, unsupportedMediaType, validationFailed } from './errors.ts';
import { callerLanguage, languageVary } from './pageLanguage.ts';
import { loggableUrl } from './security.ts';
import { toFieldErrors } from './validate.ts';

/**
 * `errorMsg` in the caller's language (issue 44). A keyed message (`said(…)`) is rendered in it;
 * a plain string is the source language's (Chinese callers get it as it is), so anyone else gets
 * the code's own message (contract/src/i18n/<language>/server.json).
 */
const messageFor = (language: Language, error: AppError, requestId: string): string => {
  if (typeof error.said !== 'string') return sayIn(language, error.said);
  if (language === sourceLanguage) return error.said;
  return serverText(language, `error.code.${error.code}`, { requestId });
};

/** `errors[]` in the caller's language: keyed constraints are rendered, plain ones kept as they are. */
const fieldErrorsFor = (language: Language, error: AppError): FieldError[] | undefined =>
  error.saidErrors?.map(({ property, constraints }) => ({
    property,
    constraints: Object.fromEntries(
      Object.entries(constraints).map(([rule, message]) => [rule, sayIn(language, message)]),
    ),
  }));

export const sendError = (reply: FastifyReply, error: AppError): FastifyReply => {
  const language = callerLanguage(reply.request);
  const body: ErrorEnvelope = {
    code: error.code,
    data: null,
    errorMsg: messageFor(language, error, reply.request.id),
  };
  const errors = fieldErrorsFor(language, error);
  if (errors?.length) body.errors = errors;
  // A refusal is about this one request: no cache keeps it (a 404 is cacheable by default, and a
  // header a route set before it failed must not outlive it). An error's own headers may say else.
  void reply.header('cache-control', 'no-store');
  // The message follows the caller's language: a cache must not hand one caller's to another.
  const vary = reply.getHeader('vary');
  void reply.header('vary', vary ? `${String(vary)}, ${languageVary}` : languageVary);
  if (error.headers) void reply.headers(error.headers);
  return reply.status(httpStatusOf[error.code]).send(body);
};

/** Fastify's own client-side failures (bad JSON, too large, wrong type) in our terms. */
const fromFastify = (error: FastifyError): AppError | null => {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return validationFailed([{ property: 'body', constraints: { json: said('error.invalidJson') } }]);
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
    return sendError(reply, new AppError(ErrorCode.internal, said('error.code.5000', { requestId: req.id })));
  });
};
