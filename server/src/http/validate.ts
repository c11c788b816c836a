import type { FieldError } from '@candy/contract';
import type { z } from 'zod';
import { validationFailed } from './errors.ts';

/** zod issues → `errors[]`, one entry per field, every broken rule of that field in `constraints`. */
export const toFieldErrors = (issues: readonly z.core.$ZodIssue[], part: string): FieldError[] => {
  const byProperty = new Map<string, Record<string, string>>();
  for (const issue of issues) {
    // Field paths are named as the caller wrote them; a whole missing part is named by the part.
    const property = issue.path.map(String).join('.') || part;
    const constraints = byProperty.get(property) ?? {};
    constraints[issue.code] = issue.message;
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
