import { Follow, getDocumentLoader, MemoryKvStore, Service } from '@fedify/fedify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withExtraContexts } from './contexts.ts';
import { createFederationLoaders } from './loaders.ts';

const MISCELLANY = 'https://purl.archive.org/miscellany';

/** What activitypub-bot serves as its actor (trimmed): its @context names the SWICG miscellany terms. */
const botActor = {
  '@context': [
    'https://www.w3.org/ns/activitystreams',
    'https://w3id.org/security/v1',
    'https://purl.archive.org/socialweb/webfinger',
    MISCELLANY,
  ],
  id: 'https://bot.example/user/tester',
  type: 'Service',
  preferredUsername: 'tester',
  inbox: 'https://bot.example/user/tester/inbox',
  manuallyApprovesFollowers: true,
};

/** A loader with no network: every URL fails. */
const unreachable: Parameters<typeof withExtraContexts>[0] = async (url) => {
  throw new Error(`unreachable: ${url}`);
};

describe('JSON-LD contexts Fedify 1.5 does not ship (issue 29, activitypub-bot)', () => {
  // Every fetch fails, as purl.archive.org's do during an outage (and as all do where tests run).
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('fetch failed');
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads an actor whose @context names the miscellany terms without fetching them', async () => {
    // Fedify's own loader knows Activity Streams, security and WebFinger, not the miscellany.
    const fedifyLoader = getDocumentLoader();
    await expect(Service.fromJsonLd(botActor, { contextLoader: fedifyLoader })).rejects.toThrow();
    const actor = await Service.fromJsonLd(botActor, {
      contextLoader: withExtraContexts(fedifyLoader),
      documentLoader: unreachable,
    });
    expect(actor.preferredUsername).toBe('tester');
    expect(actor.manuallyApprovesFollowers).toBe(true);
  });

  it('leaves every other URL to the loader it wraps', async () => {
    const loader = withExtraContexts(async (url) => ({
      contextUrl: null,
      documentUrl: url,
      document: { url },
    }));
    expect((await loader('https://example.com/context')).document).toEqual({
      url: 'https://example.com/context',
    });
    await expect(withExtraContexts(unreachable)('https://example.com/x')).rejects.toThrow('unreachable');
  });

  it('is in front of the loader the federation is built with', async () => {
    // Our loaders, with an outbound module that reaches nothing.
    const outbound = {
      fetch: async (url: string) => {
        throw new Error(`unreachable: ${url}`);
      },
    };
    const loader = createFederationLoaders(outbound, new MemoryKvStore()).contextLoaderFactory();
    const follow = await Follow.fromJsonLd(
      {
        '@context': ['https://www.w3.org/ns/activitystreams', MISCELLANY],
        id: 'https://bot.example/follow/1',
        type: 'Follow',
        actor: 'https://bot.example/user/tester',
        object: 'https://site.example/ap/users/owner',
      },
      { contextLoader: loader, documentLoader: unreachable },
    );
    expect(follow.objectId?.href).toBe('https://site.example/ap/users/owner');
  });
});
