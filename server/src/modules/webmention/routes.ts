import { webmentionCalls } from '@candy/contract/calls/webmention';
import type { Router } from '../../http/router.ts';
import type { WebmentionReceiver } from './receiver.ts';

/** Webmention's one call: our endpoint. 202 Accepted, the envelope as every answer (decisions.md). */
export const webmentionRoutes = (router: Router, receiver: WebmentionReceiver): void => {
  router.route(webmentionCalls.webmentionReceive, async ({ body, reply }) => {
    const accepted = await receiver.receive(body);
    void reply.code(202);
    return accepted;
  });
};
