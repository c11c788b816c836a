import type { ReactNode } from 'react';
import { rich } from '../../i18n/rich.tsx';
import { useT } from '../../i18n/useT.ts';

/**
 * `rich` as a component: one message with elements inside it (a link, a badge, content marked
 * `data-content`); `nodes` fill the placeholders of their names, `values` the plain ones.
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
  return <>{rich(t, id, nodes, values)}</>;
};
