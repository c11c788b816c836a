import { type ContractWords, issueMessage, type SchemaMessage } from '@candy/contract/schemaMessages';
import type { z } from 'zod';
import { t } from './i18n.ts';

const isKeyed = (value: unknown): value is SchemaMessage =>
  typeof value === 'object' && value !== null && typeof (value as SchemaMessage).key === 'string';

/**
 * The contract's words (a zod rule's message, `metaValueProblem`'s answer) in the active language:
 * a key (`schema.…`) with its values, a value that is a message said too; zod's own English as it
 * is. The key is in `public.json` when a visitor's form shows it, else in `admin.json`.
 */
export const sayContract = (words: ContractWords): string => {
  if (typeof words === 'string') return words;
  if (!words.values) return t(words.key);
  const values = Object.fromEntries(
    Object.entries(words.values).map(([name, value]) => [name, isKeyed(value) ? sayContract(value) : value]),
  );
  return t(words.key, values);
};

/** A zod issue of a contract schema, as a form shows it: `评论最多 2000 字` / "A comment has at most 2000 characters". */
export const issueText = (issue: z.core.$ZodIssue): string => sayContract(issueMessage(issue));
