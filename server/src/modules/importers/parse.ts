import type { Language } from '@candy/contract/languages';
import { AppError, invalidField, validationFailed } from '../../http/errors.ts';
import { said } from '../../i18n/said.ts';
import {
  ArchiveError,
  type ArchiveLimits,
  archiveKindOf,
  defaultArchiveLimits,
  openArchive,
} from './archive.ts';
import { type ImportBundle, ImportFormatError, type ImportInput, type ImportPlatform } from './types.ts';

/**
 * The pipeline's first step: archives are opened by the safe extractor (refused before anything is
 * written), then the platform's parser reads the input. Every refusal is 4000 on the `file` field,
 * with the reason in the parser's (or the extractor's) own words.
 */
export const parseUpload = async (
  platform: ImportPlatform,
  name: string,
  bytes: Uint8Array,
  limits: ArchiveLimits = defaultArchiveLimits,
  /** The site's language (SITE_LANGUAGE): what a parser fills in itself. */
  language?: Language,
): Promise<ImportBundle> => {
  // The platforms' parsers (turndown with its DOM, YAML and TOML front matter, an XML parser) load
  // with the first import, not with every start (issue 39: idle memory).
  const { parsers } = await import('./platforms/index.ts');
  const parser = parsers[platform];
  if (!parser) throw invalidField('platform', 'supported', said('error.importers.platformNotReady'));
  try {
    const kind = archiveKindOf(bytes);
    const input: ImportInput = kind
      ? { kind: 'archive', name, files: await openArchive(bytes, kind, limits), language }
      : { kind: 'file', name, bytes, language };
    return await parser(input);
  } catch (error) {
    if (error instanceof AppError) throw error;
    const reason =
      error instanceof ImportFormatError || error instanceof ArchiveError
        ? error.said
        : // A parser of someone else's making that gave up on the bytes (XML nested 50,000 deep
          // overflows the stack, a truncated file ends a stream early): still the file's fault.
          said('error.importers.unparsable', {
            reason:
              error instanceof RangeError
                ? said('error.importers.tooDeep')
                : error instanceof Error
                  ? error.name
                  : said('error.importers.malformed'),
          });
    // The reason is the message too, so the back office's toast and the CLI say why.
    throw validationFailed([{ property: 'file', constraints: { format: reason } }], reason);
  }
};
