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
): Promise<string | null> => {
  const url = URL.parse(endpoint);
  if (!url) return '须是推送服务地址';
  if (url.username || url.password) return '推送地址不能带用户名或密码';
  const loopbackHttp =
    allowLoopbackHttp &&
    url.protocol === 'http:' &&
    ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !loopbackHttp) return '推送地址须是 https';
  const problem = await outbound.urlProblem(endpoint);
  return problem ? '推送地址不能是内网地址' : null;
};

/** PUSH_ALLOW_LOOPBACK also lets the push channels reach this machine, where the stand-ins listen. */
export const pushPolicy = (policy: OutboundPolicy, allowLoopback: boolean): OutboundPolicy =>
  allowLoopback ? { ...policy, allowed: [...policy.allowed, '127.0.0.0/8', '::1'] } : policy;
