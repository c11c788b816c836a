import { readFile } from 'node:fs/promises';
import type { Insertable } from 'kysely';
import * as z from 'zod';
import type { HitokotoTable } from '../../db/schema.ts';
import { SaidError, said } from '../../i18n/said.ts';
import type { HitokotoRepo } from './repo.ts';

/** One entry of the public hitokoto sentences-bundle (`sentences/*.json`); other fields are ignored. */
export const Sentence = z.object({
  id: z.number().int().optional(),
  hitokoto: z.string().trim().min(1).max(1000),
  type: z.string().trim().min(1).max(8),
  from: z.string().trim().max(256).nullish(),
  from_who: z.string().trim().max(256).nullish(),
  length: z.number().int().optional(),
});
export type Sentence = z.infer<typeof Sentence>;

export interface ImportResult {
  imported: number;
  /** Already present (same text), or repeated within the file. */
  duplicates: number;
  /** Entries that are not sentences (missing text or type, wrong types). */
  invalid: number;
}

/**
 * Adds sentences-bundle entries to the quotes. The bundle's own ids are not kept (ours are the
 * table's), and `length` is recounted in characters so the device length rule sees one measure.
 */
export const importSentences = async (
  repo: HitokotoRepo,
  entries: unknown,
  now: number,
): Promise<ImportResult> => {
  if (!Array.isArray(entries)) throw new SaidError(said('cli.hitokoto.notAnArray'));
  const seen = await repo.texts();
  const rows: Insertable<HitokotoTable>[] = [];
  let duplicates = 0;
  let invalid = 0;
  for (const entry of entries) {
    const parsed = Sentence.safeParse(entry);
    if (!parsed.success) {
      invalid++;
      continue;
    }
    const s = parsed.data;
    if (seen.has(s.hitokoto)) {
      duplicates++;
      continue;
    }
    seen.add(s.hitokoto);
    rows.push({
      hitokoto: s.hitokoto,
      type: s.type,
      source: s.from ?? '',
      source_who: s.from_who || null,
      length: [...s.hitokoto].length,
      created_at: now,
    });
  }
  await repo.insertMany(rows);
  return { imported: rows.length, duplicates, invalid };
};

export const importSentencesFile = async (
  repo: HitokotoRepo,
  file: string,
  now: number,
): Promise<ImportResult> => importSentences(repo, JSON.parse(await readFile(file, 'utf8')), now);
