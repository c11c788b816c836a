import { Fragment, type ReactNode } from 'react';
import { useT } from '../../i18n/useT.ts';

/** Marks a node's place in the translated text; no message contains it. */
const mark = '\u0000';

/**
 * A message with elements inside it (a link, a badge, content marked `data-content`): the sentence
 * stays one message, so each language puts its parts in its own order. `nodes` fill the placeholders
 * of their names, `values` the plain ones. A node cannot be a plural's or a select's value.
 */
export const RichMessage = ({
  id,
  values,
  nodes,
}: {
  id: string;
  values?: Record<string, unknown>;
  nodes: Record<string, ReactNode>;
}) => {
  const t = useT();
  const names = Object.keys(nodes);
  const marked = Object.fromEntries(names.map((name, index) => [name, `${mark}${index}${mark}`]));
  const pieces = t(id, { ...values, ...marked }).split(mark);
  return (
    <>
      {pieces.map((piece, index) => {
        if (index % 2 === 0) return piece;
        const name = names[Number(piece)] ?? '';
        return <Fragment key={`node-${name}`}>{nodes[name]}</Fragment>;
      })}
    </>
  );
};
