import type { z } from 'zod';

/**
 * The contract's own words (issue 44): a zod rule's message, a check's answer (`metaValueProblem`).
 * They are catalogue keys, `schema.<area>.<name>`, never text: the server renders them in the
 * caller's language (`toFieldErrors` → `said`), the web in the active one (`sayMessage`). A key
 * lives in `public.json` when a visitor's form can show it, else in `admin.json`; the server reads
 * the `schema.*` keys of both (contract/src/serverCatalogues.ts). Zod-free at run time: the web
 * imports this beside its own words.
 */
export interface SchemaMessage {
  readonly key: string;
  /** A value may itself be a keyed message: it is said in the same language. */
  readonly values?: Readonly<Record<string, unknown>>;
}

/** What the contract says: a keyed message, or a plain string (zod's own English defaults). */
export type ContractWords = SchemaMessage | string;

const schemaKey = /^schema\.[A-Za-z0-9_.-]+$/;

/** A string that is one of the contract's keys (`schema.comments.content.empty`), not a text. */
export const isSchemaKey = (text: string): boolean => schemaKey.test(text);

export const schemaMessage = (key: string, values?: Record<string, unknown>): SchemaMessage =>
  values ? { key, values } : { key };

/**
 * What a message may name, taken from the issue: a length's or a number's bound (`{maximum}`,
 * `{minimum}`: `评论最多 {maximum} 字`), and a custom issue's `params`.
 */
const issueValues = (issue: z.core.$ZodIssue): Record<string, unknown> | undefined => {
  const values: Record<string, unknown> = {};
  if (issue.code === 'too_big') values.maximum = Number(issue.maximum);
  if (issue.code === 'too_small') values.minimum = Number(issue.minimum);
  if (issue.code === 'custom' && issue.params) Object.assign(values, issue.params);
  return Object.keys(values).length ? values : undefined;
};

/** A zod issue's message: keyed when the contract wrote it, zod's own text as it is otherwise. */
export const issueMessage = (issue: z.core.$ZodIssue): ContractWords =>
  isSchemaKey(issue.message) ? schemaMessage(issue.message, issueValues(issue)) : issue.message;
