import { ErrorCode, type ErrorCodeValue, type ErrorEnvelope, httpStatusOf } from '@candy/contract';
import { allLanguages, type Language, pickLanguage, sourceLanguage } from '@candy/contract/languages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { serverText } from '../i18n/serverText.ts';
import { AppError, notFound, payloadTooLarge, unsupportedMediaType, validationFailed } from './errors.ts';
import { languageVary } from './pageLanguage.ts';
import { loggableUrl } from './security.ts';
import { toFieldErrors } from './validate.ts';

/**
 * The caller's language for a refusal (issue 44): `Accept-Language` (the browser's, or the one the
 * web client sends for the visitor's choice: core/request.ts), else Chinese, as before. Not the
 * site's offered list: an API client names its own language.
 */
const callerLanguage = (req: FastifyRequest): Language =>
  pickLanguage({
    accepted: req.headers['accept-language'],
    offered: allLanguages,
    fallback: sourceLanguage,
  });

/**
 * `errorMsg` in the caller's language. In the source language, the message the code threw (the
 * specific one: "文件不存在"); in another, the code's message from the server catalogue
 * (contract/src/i18n/<language>/server.json) until each specific message has a key of its own.
 */
const messageFor = (req: FastifyRequest, error: AppError): string => {
  const language = callerLanguage(req);
  if (language === sourceLanguage) return error.message;
  return serverText(language, `error.code.${error.code}`, { requestId: req.id });
};

export const sendError = (reply: FastifyReply, error: AppError): FastifyReply => {
  const body: ErrorEnvelope = { code: error.code, data: null, errorMsg: messageFor(reply.request, error) };
  if (error.errors?.length) body.errors = error.errors;
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
      return validationFailed([
        { property: 'body', constraints: { json: serverText(sourceLanguage, 'error.invalidJson') } },
      ]);
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
    return sendError(
      reply,
      new AppError(ErrorCode.internal, serverText(sourceLanguage, 'error.code.5000', { requestId: req.id })),
    );
  });
};
