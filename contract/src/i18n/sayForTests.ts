import type { Language } from '../languages.ts';
import type { ContractWords, SchemaMessage } from '../schemaMessages.ts';
import { serverI18n } from './serverI18n.ts';

/**
 * The contract's words rendered as the server renders them (its catalogues hold every `schema.*`
 * key), for the contract's own tests; the server (`sayIn`) and the web (`sayContract`) have theirs.
 */
const instanceOf = serverI18n;

const isKeyed = (value: unknown): value is SchemaMessage =>
  typeof value === 'object' && value !== null && typeof (value as SchemaMessage).key === 'string';

export const sayForTests = (language: Language, words: ContractWords): string => {
  if (typeof words === 'string') return words;
  const values = words.values
    ? Object.fromEntries(
        Object.entries(words.values).map(([name, value]) => [
          name,
          isKeyed(value) ? sayForTests(language, value) : value,
        ]),
      )
    : undefined;
  return instanceOf(language)._(words.key, values);
};
