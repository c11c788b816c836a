import { AppError, invalidField, validationFailed } from '../../http/errors.ts';
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
): Promise<ImportBundle> => {
  // The platforms' parsers (turndown with its DOM, YAML and TOML front matter, an XML parser) load
  // with the first import, not with every start (issue 39: idle memory).
  const { parsers } = await import('./platforms/index.ts');
  const parser = parsers[platform];
  if (!parser) throw invalidField('platform', 'supported', '这个平台的导入还没有做好');
  try {
    const kind = archiveKindOf(bytes);
    const input: ImportInput = kind
      ? { kind: 'archive', name, files: await openArchive(bytes, kind, limits) }
      : { kind: 'file', name, bytes };
    return await parser(input);
  } catch (error) {
    if (error instanceof AppError) throw error;
    const reason =
      error instanceof ImportFormatError || error instanceof ArchiveError
        ? error.reason
        : // A parser of someone else's making that gave up on the bytes (XML nested 50,000 deep
          // overflows the stack, a truncated file ends a stream early): still the file's fault.
          `无法解析这个文件（${error instanceof RangeError ? '嵌套过深' : error instanceof Error ? error.name : '格式错误'}）`;
    // The reason is the message too, so the back office's toast and the CLI say why.
    throw validationFailed([{ property: 'file', constraints: { format: reason } }], reason);
  }
};
