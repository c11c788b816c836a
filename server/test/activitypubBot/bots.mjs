// The bots config module (`--bots-config-file`) of the activitypub-bot server that the federation
// test (server/src/modules/federation/federationPeer.test.ts) talks to, run by Node 24 in its own
// process. One bot, `tester`, that does only what the bot framework does, plus a control server on
// loopback through which the test asks it to act, each through the framework's own BotContext:
//
//   POST /follow  {"webfinger": "owner@host:port"}  toActorId (WebFinger), getObject, followActor
//   GET  /state?actor=URL                            isFollowing / isPendingFollowing
//   POST /reply   {"inReplyTo": URL, "content": ""}  getObject, sendReply
//   POST /like    {"object": URL}                    getObject, likeObject
//   POST /delete  {"note": URL}                      getObject, deleteNote
//   GET  /received                                   every activity its inbox accepted, oldest first
//   POST /idle                                       resolves when its outgoing queue has drained
//
// BOT_CONTROL_HOST and BOT_CONTROL_PORT say where the control server listens.
import http from 'node:http';
import { pathToFileURL } from 'node:url';

// The test process started this one: should it die without stopping it, this one goes too.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.exit(0);
}, 1000).unref();

// The Bot class of the server running this module (its bin script is process.argv[1]).
const { Bot } = await import(new URL('../lib/index.js', pathToFileURL(process.argv[1] ?? '')).href);

/** @typedef {{ [key: string]: unknown }} Json */

class TestBot extends Bot {
  /** @type {Json[]} */
  received = [];

  /** @param {unknown} activity an activitystrea.ms object, its signature already verified */
  async handleActivity(activity) {
    const json = await /** @type {{ export(): Promise<Json> }} */ (activity).export();
    this.received.push(json);
    return false; // the framework's own handling goes on (an Accept completes the follow, ...)
  }

  /** @param {unknown} context */
  async initialize(context) {
    await super.initialize(context);
    await startControl(this);
  }
}

/** @param {http.IncomingMessage} req @returns {Promise<Json>} */
const bodyOf = async (req) => {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
};

/** @param {TestBot} bot */
const startControl = (bot) => {
  const ctx = bot._context;
  /** @type {Record<string, (body: Json, query: URLSearchParams) => Promise<unknown>>} */
  const routes = {
    'POST /follow': async ({ webfinger }) => {
      const actorId = await ctx.toActorId(String(webfinger));
      if (!actorId) throw new Error(`no ActivityPub actor for ${webfinger}`);
      const actor = await ctx.getObject(actorId);
      const follow = await ctx.followActor(actor);
      return { actorId, follow: follow.id };
    },
    'GET /state': async (_body, query) => {
      const actor = { id: query.get('actor') };
      return { following: await ctx.isFollowing(actor), pending: await ctx.isPendingFollowing(actor) };
    },
    'POST /reply': async ({ inReplyTo, content }) => {
      const note = await ctx.sendReply(String(content), await ctx.getObject(String(inReplyTo)));
      return { note: note.id };
    },
    'POST /like': async ({ object }) => {
      const like = await ctx.likeObject(await ctx.getObject(String(object)));
      return { like: like.id };
    },
    'POST /delete': async ({ note }) => {
      const deletion = await ctx.deleteNote(await ctx.getObject(String(note)));
      return { delete: deletion.id };
    },
    'GET /received': async () => bot.received,
    'POST /idle': async () => {
      await ctx.onIdle();
      return {};
    },
  };
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://control');
    const route = routes[`${req.method} ${url.pathname}`];
    let status = 200;
    let out;
    try {
      if (!route) throw Object.assign(new Error('no such control route'), { status: 404 });
      out = await route(await bodyOf(req), url.searchParams);
    } catch (error) {
      const e = /** @type {Error & { status?: number }} */ (error);
      status = e.status ?? 500;
      out = { error: String(e.stack ?? e) };
    }
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(out));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(Number(process.env.BOT_CONTROL_PORT), process.env.BOT_CONTROL_HOST ?? '127.0.0.1', () =>
      resolve(undefined),
    );
  });
};

export default {
  tester: new TestBot('tester', {
    fullname: 'Bot Peer',
    description: 'The independent peer of the Candy Jar federation test',
  }),
};
