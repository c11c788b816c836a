import { Header } from '@candy/contract';
import type { FastifyRequest } from 'fastify';

/** What a request says about its caller. Nothing here is trusted for authority until verified. */
export interface Caller {
  uuid: string | undefined;
  fingerprint: string | undefined;
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

export const callerOf = (req: FastifyRequest): Caller => {
  const localTime = Number(single(req.headers[Header.localTime]));
  return {
    uuid: single(req.headers[Header.uuid])?.slice(0, 64),
    fingerprint: single(req.headers[Header.fingerprint]),
    darkKey: single(req.headers[Header.darkKey]),
    referrer: single(req.headers[Header.referrer])?.slice(0, 512),
    localTime: Number.isFinite(localTime) ? localTime : undefined,
    ip: req.ip,
    userAgent: (single(req.headers['user-agent']) ?? '').slice(0, 256),
  };
};
