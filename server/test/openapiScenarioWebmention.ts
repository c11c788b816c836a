import type { Probe } from './openapiProbe.ts';

/**
 * Webmention (issue 29.4): a mention received form-encoded (as W3C senders send it) and as JSON,
 * both 202; bad input refused with 400. The sources are on a loopback port nobody listens on, so
 * the verification that follows fails quietly.
 */
export const webmention = async (api: Probe) => {
  const essay = await api.ok('essayCreate', { json: { content: 'Webmention 探针' } });
  const target = `http://127.0.0.1/chaos/${essay.id}`;
  const form = (fields: Record<string, string>) => ({
    raw: { type: 'application/x-www-form-urlencoded', data: new URLSearchParams(fields).toString() },
  });
  await api.call('webmentionReceive', form({ source: 'http://127.0.0.1:9/reply', target }), 202);
  await api.call('webmentionReceive', { json: { source: 'http://127.0.0.1:9/other', target } }, 202);
  await api.fails('webmentionReceive', form({ source: 'not a url', target }), 400);
  await api.fails('webmentionReceive', form({ source: target, target }), 400);
  await api.fails(
    'webmentionReceive',
    form({ source: 'http://127.0.0.1:9/x', target: 'https://else.example/' }),
    400,
  );
};
