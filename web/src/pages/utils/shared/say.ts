import { intlTag, t } from '../../../i18n/i18n.ts';
import type { Words } from './said.ts';

/**
 * Words from a worker (said.ts) in the active language, when they are shown; a component calls
 * `useT()` first so that it re-renders on a switch. A list value is joined as the language joins a
 * short list (`1080、720` in Chinese, `1080, 720` in English).
 */
export const say = (words: Words): string => {
  if (typeof words === 'string') return words;
  if (!words.values) return t(words.key);
  const list = new Intl.ListFormat(intlTag(), { type: 'conjunction', style: 'narrow' });
  const values = Object.fromEntries(
    Object.entries(words.values).map(([name, value]) => [
      name,
      Array.isArray(value) ? list.format(value.map(String)) : value,
    ]),
  );
  return t(words.key, values);
};
