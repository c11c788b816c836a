import { issueMessage } from '@candy/contract/schemaMessages';
import type { z } from 'zod';
import type { Message } from '../i18n/said.ts';
import { type SaidFieldError, validationFailed } from './errors.ts';

/**
 * zod issues → `errors[]`, one entry per field, every broken rule of that field in `constraints`.
 * A rule's message the contract wrote is a key (`schema.…`): kept keyed, with the bound it names,
 * so the answer says it in the caller's language; zod's own messages stay as they are.
 */
export const toFieldErrors = (issues: readonly z.core.$ZodIssue[], part: string): SaidFieldError[] => {
  const byProperty = new Map<string, Record<string, Message>>();
  for (const issue of issues) {
    // Field paths are named as the caller wrote them; a whole missing part is named by the part.
    const property = issue.path.map(String).join('.') || part;
    const constraints = byProperty.get(property) ?? {};
    constraints[issue.code] = issueMessage(issue);
    byProperty.set(property, constraints);
  }
  return [...byProperty].map(([property, constraints]) => ({ property, constraints }));
};

/** Parses with a contract schema or throws 4000 naming each bad field under `part`. */
export const parseWith = <S extends z.ZodType>(schema: S, value: unknown, part: string): z.infer<S> => {
  const result = schema.safeParse(value);
  if (!result.success) throw validationFailed(toFieldErrors(result.error.issues, part));
  return result.data;
};
