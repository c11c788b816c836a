import { type Message, said } from '../i18n/said.ts';
import type { OutboundPolicy } from './addressPolicy.ts';
import type { Outbound } from './outbound.ts';

/**
 * A Web Push endpoint is an address a browser — the owner's or a stranger's — hands the server to
 * POST to later. It must be https to an address the outbound policy allows; plain http only when
 * PUSH_ALLOW_LOOPBACK is set (tests, a local stand-in), and then only to this machine.
 */
export const pushEndpointProblem = async (
  outbound: Outbound,
  endpoint: string,
  allowLoopbackHttp: boolean,
): Promise<Message | null> => {
  const url = URL.parse(endpoint);
  if (!url) return said('error.push.endpointInvalid');
  if (url.username || url.password) return said('error.push.endpointCredentials');
  const loopbackHttp =
    allowLoopbackHttp &&
    url.protocol === 'http:' &&
    ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !loopbackHttp) return said('error.push.endpointNotHttps');
  const problem = await outbound.urlProblem(endpoint);
  return problem ? said('error.push.endpointPrivate') : null;
};

/** PUSH_ALLOW_LOOPBACK also lets the push channels reach this machine, where the stand-ins listen. */
export const pushPolicy = (policy: OutboundPolicy, allowLoopback: boolean): OutboundPolicy =>
  allowLoopback ? { ...policy, allowed: [...policy.allowed, '127.0.0.0/8', '::1'] } : policy;
