import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type Activity,
  Activity as ActivityClass,
  createFederation,
  Endpoints,
  type Federation,
  Follow,
  generateCryptoKeyPair,
  InProcessMessageQueue,
  isActor,
  MemoryKvStore,
  Person,
  type Recipient,
  signRequest,
} from '@fedify/fedify';
import { eventually } from './eventually.ts';

/**
 * A Fedify peer for the federation tests (issue 29): a second Fedify instance with one actor,
 * `alice`, on its own loopback address and port, with its own in-memory storage. It exchanges real
 * HTTP with real signatures and verifies ours like any server would, and it can send what an
 * independent server never does (unsigned deliveries, activities made by hand).
 * The independent implementation is activitypub-bot (activitypubBotPeer.ts); see docs/decisions.md.
 */
export interface FediversePeer {
  origin: string;
  actorUrl: string;
  /** Every activity alice's inbox accepted (signature verified), oldest first. */
  received: Activity[];
  /**
   * The `id` of every activity POSTed to an inbox, as it came over the wire, duplicates included:
   * Fedify's inbox ignores an activity id it has seen, so `received` cannot show a double delivery.
   */
  posted: string[];
  send(recipient: Recipient, activity: Activity): Promise<void>;
  /** Posts an activity to `inbox` signed with alice's key (HTTP Signatures), answering the response. */
  post(inbox: URL, activity: Activity): Promise<Response>;
  federation: Federation<void>;
  close(): Promise<void>;
}

export const startFediversePeer = async (host = '127.0.0.2'): Promise<FediversePeer> => {
  const keys = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  const received: Activity[] = [];
  const posted: string[] = [];
  const federation = createFederation<void>({
    kv: new MemoryKvStore(),
    queue: new InProcessMessageQueue(),
    allowPrivateAddress: true,
  });
  federation
    .setActorDispatcher('/users/{identifier}', async (ctx, identifier) =>
      identifier === 'alice'
        ? new Person({
            id: ctx.getActorUri(identifier),
            preferredUsername: 'alice',
            name: 'Alice Peer',
            inbox: ctx.getInboxUri(identifier),
            endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
            publicKey: (await ctx.getActorKeyPairs(identifier))[0]?.cryptographicKey ?? null,
          })
        : null,
    )
    .setKeyPairsDispatcher(async () => [keys]);
  const inbox = federation.setInboxListeners('/users/{identifier}/inbox', '/inbox');
  // Every activity type, signature verified by Fedify before the listener runs.
  inbox.on(ActivityClass, async (_ctx, activity) => {
    received.push(activity);
  });
  let origin = '';
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string') headers.set(name, value);
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks);
    if (req.method === 'POST' && body)
      try {
        posted.push(String((JSON.parse(body.toString('utf8')) as { id?: unknown }).id));
      } catch {
        posted.push('(not JSON)');
      }
    const response = await federation.fetch(
      new Request(new URL(req.url ?? '/', origin), { method: req.method, headers, body }),
      {
        contextData: undefined,
      },
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  const ctx = () => federation.createContext(new URL(origin));
  return {
    origin,
    actorUrl: `${origin}/users/alice`,
    received,
    posted,
    federation,
    send: async (recipient, activity) => {
      await ctx().sendActivity({ identifier: 'alice' }, recipient, activity, { immediate: true });
    },
    post: async (inbox, activity) => {
      const body = JSON.stringify(await activity.toJsonLd({ contextLoader: ctx().contextLoader }));
      const request = new Request(inbox, {
        method: 'POST',
        headers: { 'content-type': 'application/activity+json' },
        body,
      });
      return fetch(await signRequest(request, keys.privateKey, new URL(`${origin}/users/alice#main-key`)));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** Our owner actor at `origin`, as the peer resolves it. */
export const ownerActorFor = async (peer: FediversePeer, origin: string) => {
  const actor = await peer.federation
    .createContext(new URL(peer.origin))
    .lookupObject(`${origin}/ap/users/owner`);
  if (!isActor(actor)) throw new Error('our actor did not resolve');
  return actor;
};

/** The peer follows our owner at `origin` (the Follow's id ends in `name`) and waits for the Accept. */
export const followOwner = async (peer: FediversePeer, origin: string, name: string) => {
  await peer.send(
    await ownerActorFor(peer, origin),
    new Follow({
      id: new URL(`${peer.origin}/follows/${name}`),
      actor: new URL(peer.actorUrl),
      object: new URL(`${origin}/ap/users/owner`),
    }),
  );
  await eventually(() => peer.received.find((a) => a.constructor.name === 'Accept'), 30_000);
};
