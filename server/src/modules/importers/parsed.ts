import type { ImportJob } from '@candy/contract/calls/importers';
import type { Language } from '@candy/contract/languages';
import { AppError, validationFailed } from '../../http/errors.ts';
import type { Message } from '../../i18n/said.ts';
import { bundleToJson } from './bundleJson.ts';
import { parseUpload } from './parse.ts';
import { previewOf } from './present.ts';
import { unitsOf } from './runner.ts';
import type { ImportPlatform } from './types.ts';

/** What an upload becomes before its job row is written: small enough to cross a process boundary. */
export interface ParsedUpload {
  bundleJson: string;
  total: number;
  preview: ImportJob['preview'];
}

/** A parse that failed, in a form that crosses the IPC channel: the file's fault (4000) or ours. */
export type ParseFailure =
  | { refused: { property: string; rule: string; reason: Message } }
  | { failed: string };

export const parseToStored = async (
  platform: ImportPlatform,
  name: string,
  bytes: Uint8Array,
  language?: Language,
): Promise<ParsedUpload> => {
  const bundle = await parseUpload(platform, name, bytes, undefined, language);
  const { posts, comments } = unitsOf(bundle);
  return {
    bundleJson: bundleToJson(bundle),
    total: posts.length + comments.length,
    preview: previewOf(bundle),
  };
};

export const failureOf = (error: unknown): ParseFailure => {
  const first = error instanceof AppError ? error.saidErrors?.[0] : undefined;
  if (error instanceof AppError && first) {
    const [rule = 'format', reason = error.said] = Object.entries(first.constraints)[0] ?? [];
    // Keyed messages cross the channel as they are: the parent says them in the caller's language.
    return { refused: { property: first.property, rule, reason } };
  }
  return { failed: error instanceof Error ? error.message : String(error) };
};

export const errorOf = (failure: ParseFailure): Error =>
  'refused' in failure
    ? validationFailed(
        [
          {
            property: failure.refused.property,
            constraints: { [failure.refused.rule]: failure.refused.reason },
          },
        ],
        failure.refused.reason,
      )
    : new Error(failure.failed);
