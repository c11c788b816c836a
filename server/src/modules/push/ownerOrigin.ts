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

/**
 * The base of the links in notifications and mails (issue 41.17): the configured site address, else
 * the origin the owner last used the back office from, kept by `read` / `write` (beside the webpush
 * settings). A replica writes only when the origin it sees changes.
 */
export const createLinkBase = (deps: {
  configured: string | null;
  read: () => Promise<string | undefined>;
  write: (origin: string) => Promise<void>;
  onError: (error: unknown) => void;
}) => {
  let known: string | undefined;
  /** The origin being stored: a link is made after it, so the request that brought it sees it. */
  let storing: Promise<void> = Promise.resolve();
  return {
    async current(): Promise<string | null> {
      if (deps.configured) return deps.configured;
      await storing;
      known = await deps.read();
      return known || null;
    },
    remember(origin: string): Promise<void> {
      if (deps.configured || origin === known || !isRemoteOrigin(origin)) return storing;
      known = origin;
      storing = deps.write(origin).catch((error: unknown) => {
        known = undefined;
        deps.onError(error);
      });
      return storing;
    },
  };
};
