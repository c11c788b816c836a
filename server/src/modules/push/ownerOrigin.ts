import type { FastifyRequest } from 'fastify';

/** A Host header we would put in a link: a name or address and a port, nothing else. */
const PLAIN_HOST = /^[\w.-]+(:\d{1,5})?$|^\[[\da-f:.]+\](:\d{1,5})?$/i;

/** `https://home.example:8443` as the owner's browser addressed this server (TRUST_PROXY honoured). */
export const originOf = (req: FastifyRequest): string | null =>
  PLAIN_HOST.test(req.host) ? `${req.protocol}://${req.host.toLowerCase()}` : null;

/** Whether another device could open links on `origin`: not this machine's loopback. */
export const isRemoteOrigin = (origin: string): boolean => {
  const host = URL.parse(origin)?.hostname.replace(/^\[|\]$/g, '');
  if (!host) return false;
  return !(host === 'localhost' || host.endsWith('.localhost') || host.startsWith('127.') || host === '::1');
};
