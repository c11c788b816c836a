import type { DocumentLoader } from '@fedify/fedify';

/**
 * JSON-LD contexts that peers name in their documents and Fedify 1.5 does not ship (later Fedify
 * releases do), served from memory. Fedify expands every activity as JSON-LD, so a context it must
 * fetch and cannot makes the whole activity unreadable: the delivery is taken (202) and dropped.
 */
export const extraContexts: Readonly<Record<string, unknown>> = {
  // The SWICG's "ActivityPub Miscellaneous Terms" (https://swicg.github.io/miscellany/): in the
  // @context of activitypub-bot's actors and of what Bridgy Fed sends. It is served through
  // purl.archive.org, which has outages; during one, nothing from those peers could be read (their
  // follows were lost). A stable, versioned document; this is its content.
  'https://purl.archive.org/miscellany': {
    '@context': {
      as: 'https://www.w3.org/ns/activitystreams#',
      xsd: 'http://www.w3.org/2001/XMLSchema#',
      Hashtag: 'as:Hashtag',
      manuallyApprovesFollowers: { '@id': 'as:manuallyApprovesFollowers' },
      movedTo: { '@id': 'as:movedTo', '@type': '@id' },
      sensitive: { '@id': 'as:sensitive' },
    },
  },
};

/** `loader`, answering the contexts above from memory. */
export const withExtraContexts =
  (loader: DocumentLoader): DocumentLoader =>
  async (url) => {
    const document = extraContexts[url];
    return document === undefined ? loader(url) : { contextUrl: null, documentUrl: url, document };
  };
