import { Fragment, type ReactNode } from 'react';
import type { t as translate } from './i18n.ts';

// Private-use characters: no message or value holds them.
const marked = /\uE000([^\uE001]*)\uE001/;

/**
 * A message with elements inside it (a link, a badge, `<code>`, a name marked `data-content`):
 * `rich(t, 'admin.tokens.intro', { header: <code>…</code> })` for `…请求头写 {header}。…`. Each
 * element's placeholder gets a marker, the translated text is cut at the markers and the elements
 * go back where the translation put them, so no sentence is built from separately translated pieces.
 */
export const rich = (
  t: typeof translate,
  key: string,
  elements: Record<string, ReactNode>,
  values?: Record<string, unknown>,
): ReactNode => {
  const marks = Object.fromEntries(Object.keys(elements).map((name) => [name, `\uE000${name}\uE001`]));
  const pieces = t(key, { ...values, ...marks }).split(marked);
  // split() with a capturing group: text, element name, text, element name, …, text. Each text is
  // keyed by the element after it (the last by `end`), each element by its name.
  const nodes: ReactNode[] = [];
  for (let at = 0; at < pieces.length; at += 2) {
    const name = pieces[at + 1];
    nodes.push(<Fragment key={`text-${name ?? 'end'}`}>{pieces[at]}</Fragment>);
    if (name !== undefined) nodes.push(<Fragment key={`element-${name}`}>{elements[name]}</Fragment>);
  }
  return nodes;
};
