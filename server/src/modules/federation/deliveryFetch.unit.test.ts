import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutbound, OutboundError } from '../../net/outbound.ts';
import { outboundFetch, withDeliveryFetch } from './deliveryFetch.ts';

/*
 * Fedify 1.5 delivers with the global fetch; inside a delivery's context that fetch goes through
 * our outbound module, whose socket lookup applies the address policy (no DNS rebinding between a
 * check and the send), and nowhere else.
 */
describe('the delivery fetch', () => {
  let server: Server;
  let url = '';
  const seen: { method: string; headers: IncomingMessage['headers']; body: string }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      req.on('end', () => {
        seen.push({ method: req.method ?? '', headers: req.headers, body });
        res.writeHead(202, { 'x-answer': 'yes' }).end('accepted');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/inbox`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = () =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/activity+json', signature: 'keyId="k"' },
      body: '{"type":"Create"}',
    });

  it('sends a signed POST as it was made, and answers with the inbox’s status, headers and body', async () => {
    const allowed = outboundFetch(createOutbound({ allowPrivate: false, allowed: ['127.0.0.1'] }));
    const res = await withDeliveryFetch(allowed, post);
    expect(res.status).toBe(202);
    expect(res.headers.get('x-answer')).toBe('yes');
    expect(await res.text()).toBe('accepted');
    expect(seen.at(-1)).toMatchObject({
      method: 'POST',
      body: '{"type":"Create"}',
      headers: { 'content-type': 'application/activity+json', signature: 'keyId="k"' },
    });
  });

  it('refuses an inbox on a refused address inside a delivery, and leaves fetch alone outside one', async () => {
    const strict = outboundFetch(createOutbound({ allowPrivate: false, allowed: [] }));
    const before = seen.length;
    await expect(withDeliveryFetch(strict, post)).rejects.toBeInstanceOf(OutboundError);
    expect(seen.length).toBe(before);
    // The same call outside a delivery is the plain global fetch.
    expect((await post()).status).toBe(202);
    expect(seen.length).toBe(before + 1);
  });
});
