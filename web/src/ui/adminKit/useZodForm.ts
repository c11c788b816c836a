import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { issueText } from '../../i18n/contractWords.ts';

export type FormErrors = Record<string, string>;

/**
 * Form state checked with the contract's zod schema before anything is sent (DESIGN §9); the
 * server checks again with the same schema. Errors are keyed by field path (`tags.0`).
 */
export const useZodForm = <S extends z.ZodType>(schema: S, initial: z.input<S>) => {
  const [values, setValues] = useState<z.input<S>>(initial);
  const [errors, setErrors] = useState<FormErrors>({});

  const set = useCallback(<K extends keyof z.input<S>>(name: K, value: z.input<S>[K]) => {
    setValues((v) => ({ ...(v as object), [name]: value }) as z.input<S>);
    setErrors((e) => {
      if (!((name as string) in e)) return e;
      const { [name as string]: _, ...rest } = e;
      return rest;
    });
  }, []);

  /** The parsed data when valid; otherwise null, with `errors` filled. */
  const validate = useCallback((): z.output<S> | null => {
    const result = schema.safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const next: FormErrors = {};
    for (const issue of result.error.issues) {
      const key = issue.path.map(String).join('.') || '_';
      next[key] ??= issueText(issue);
    }
    setErrors(next);
    return null;
  }, [schema, values]);

  const reset = useCallback((next: z.input<S>) => {
    setValues(next);
    setErrors({});
  }, []);

  return { values, set, errors, setErrors, validate, reset };
};
