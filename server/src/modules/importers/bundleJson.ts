import type { ImportBundle } from './types.ts';

/**
 * The parsed bundle is kept in the import's row, so a resumed import reads exactly what was
 * previewed (the upload itself is not kept). Picture bytes travel as base64.
 */
export const bundleToJson = (bundle: ImportBundle): string =>
  JSON.stringify(bundle, (_key, value: unknown) =>
    value instanceof Uint8Array ? { $bytes: Buffer.from(value).toString('base64') } : value,
  );

export const bundleFromJson = (json: string): ImportBundle =>
  JSON.parse(json, (_key, value: unknown) =>
    value && typeof value === 'object' && '$bytes' in value
      ? new Uint8Array(Buffer.from(String((value as { $bytes: string }).$bytes), 'base64'))
      : value,
  ) as ImportBundle;
