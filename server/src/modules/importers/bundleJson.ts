import type { ImportBundle } from './types.ts';

/**
 * The parsed bundle is kept in the import's row, so a resumed import reads exactly what was
 * previewed (the upload itself is not kept). Picture bytes travel as base64.
 */
export const bundleToJson = (bundle: ImportBundle): string =>
  // The raw value (`this[key]`), not `value`: a Buffer has already become `{type, data}` through its
  // own toJSON by the time the replacer sees `value`, and would come back as a plain object.
  JSON.stringify(bundle, function (this: Record<string, unknown>, key: string, value: unknown) {
    const raw = this[key];
    return raw instanceof Uint8Array ? { $bytes: Buffer.from(raw).toString('base64') } : value;
  });

export const bundleFromJson = (json: string): ImportBundle =>
  JSON.parse(json, (_key, value: unknown) =>
    value && typeof value === 'object' && '$bytes' in value
      ? new Uint8Array(Buffer.from(String((value as { $bytes: string }).$bytes), 'base64'))
      : value,
  ) as ImportBundle;
