import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { ErrorCode, type ErrorEnvelope, httpStatusOf } from '@candy/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { serverText } from '../i18n/serverText.ts';
import { callerLanguage, languageVary } from './pageLanguage.ts';
import { securityHeaders } from './security.ts';

/**
 * Requests Fastify refuses before any route runs — an undecodable URL (`/%zz`), a path parameter
 * over the length limit — answered in our envelope with our headers and request id, like every
 * other refusal (they never reach the error handler or the onRequest hooks).
 */
export const frameworkErrorHandler =
  (config: Config) =>
  (error: FastifyError, req: FastifyRequest, reply: FastifyReply): void => {
    const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
    const body: ErrorEnvelope = {
      code: ErrorCode.validation,
      data: null,
      errorMsg: serverText(callerLanguage(req), tooLong ? 'error.http.paramTooLong' : 'error.http.badUrl'),
      errors: [{ property: 'path', constraints: { [tooLong ? 'too_big' : 'invalid_url']: error.message } }],
    };
    req.log.debug({ code: error.code }, 'request refused before routing');
    void reply
      .headers(securityHeaders(config))
      .header('x-request-id', req.id)
      .header('cache-control', 'no-store')
      .header('vary', languageVary)
      .status(400)
      .send(body);
  };

const statusLine: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/**
 * Requests Node's HTTP parser itself refuses (a URL or headers over 16 KB, broken HTTP): there is
 * no request object, so the answer is written to the socket by hand — still our envelope, headers
 * and a fresh request id.
 */
export const clientErrorHandler =
  (config: Config) =>
  (error: Error & { code?: string }, socket: Socket): void => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    // The status follows from the code (httpStatusOf), so the two cannot disagree (issue 23).
    const code =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? ErrorCode.headersTooLarge
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? ErrorCode.requestTimeout
          : ErrorCode.validation;
    const status = httpStatusOf[code];
    // No request was read, so no Accept-Language: the site's language (SITE_LANGUAGE).
    const envelope: ErrorEnvelope = {
      code,
      data: null,
      errorMsg: serverText(
        config.siteLanguage,
        code === ErrorCode.headersTooLarge
          ? 'error.http.headersTooLarge'
          : code === ErrorCode.requestTimeout
            ? 'error.http.timeout'
            : 'error.http.malformed',
      ),
    };
    const body = JSON.stringify(envelope);
    const headers = {
      ...securityHeaders(config),
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      'cache-control': 'no-store',
      'x-request-id': randomUUID(),
      connection: 'close',
    };
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join('\r\n');
    socket.end(`HTTP/1.1 ${status} ${statusLine[status] ?? 'Bad Request'}\r\n${head}\r\n\r\n${body}`);
  };
