import { Header } from '@candy/contract';
import type { FastifyRequest } from 'fastify';

/** What a request says about its caller. Nothing here is trusted for authority until verified. */
export interface Caller {
  uuid: string | undefined;
  fingerprint: string | undefined;
  /** An API token from `Authorization: Bearer …` (issue 26.4). */
  bearer: string | undefined;
  darkKey: string | undefined;
  referrer: string | undefined;
  localTime: number | undefined;
  ip: string;
  userAgent: string;
}

const single = (value: string | string[] | undefined): string | undefined => {
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined || text === '' ? undefined : text;
};

/** The credentials of `Authorization: Bearer <token>`; any other scheme is not ours to read. */
const bearerOf = (authorization: string | undefined): string | undefined => {
  const match = authorization?.match(/^Bearer[ ]+(\S+)[ ]*$/i);
  return match?.[1];
};

export const callerOf = (req: FastifyRequest): Caller => {
  const localTime = Number(single(req.headers[Header.localTime]));
  return {
    uuid: single(req.headers[Header.uuid])?.slice(0, 64),
    fingerprint: single(req.headers[Header.fingerprint]),
    bearer: bearerOf(single(req.headers.authorization)),
    darkKey: single(req.headers[Header.darkKey]),
    referrer: single(req.headers[Header.referrer])?.slice(0, 512),
    localTime: Number.isFinite(localTime) ? localTime : undefined,
    ip: req.ip,
    userAgent: (single(req.headers['user-agent']) ?? '').slice(0, 256),
  };
};
