import { diffChars, diffLines } from 'diff';

export type DiffKind = 'same' | 'add' | 'del';
export interface DiffPiece {
  text: string;
  /** Within a changed line: whether this stretch is what changed. */
  changed: boolean;
}
export type DiffRow = { kind: DiffKind; pieces: DiffPiece[] } | { kind: 'skip'; lines: number };

/** Unchanged lines shown around a change; longer unchanged runs fold into one "n lines" row. */
const CONTEXT = 2;

const linesOf = (text: string): string[] => {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
};

const whole = (kind: DiffKind, text: string): DiffRow[] =>
  linesOf(text).map((line) => ({ kind, pieces: [{ text: line, changed: kind !== 'same' }] }));

/** A replaced block: each side's characters that changed are marked, the rest stays plain. */
const replaced = (before: string, after: string): DiffRow[] => {
  const del: DiffPiece[] = [];
  const add: DiffPiece[] = [];
  for (const part of diffChars(before, after)) {
    if (!part.added) del.push({ text: part.value, changed: part.removed });
    if (!part.removed) add.push({ text: part.value, changed: part.added });
  }
  const rows = (kind: DiffKind, pieces: DiffPiece[]): DiffRow[] => {
    const out: DiffPiece[][] = [[]];
    for (const piece of pieces) {
      piece.text.split('\n').forEach((text, i) => {
        if (i > 0) out.push([]);
        if (text) out.at(-1)?.push({ text, changed: piece.changed });
      });
    }
    if (out.length > 1 && out.at(-1)?.length === 0) out.pop();
    return out.map((line) => ({ kind, pieces: line }));
  };
  return [...rows('del', del), ...rows('add', add)];
};

/**
 * A readable line diff from `before` to `after`: removed lines, added lines (with the changed
 * characters of a rewritten line marked), unchanged runs folded to a little context. Empty when
 * nothing changed.
 */
export const revisionDiff = (before: string, after: string): DiffRow[] => {
  // The same text: nothing to show (the page says so).
  if (before === after) return [];
  // A last line without its newline is the same line as one with it.
  const ended = (text: string) => (text === '' || text.endsWith('\n') ? text : `${text}\n`);
  const parts = diffLines(ended(before), ended(after));
  const rows: DiffRow[] = [];
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i];
    if (!part) continue;
    const next = parts[i + 1];
    if (part.removed && next?.added) {
      rows.push(...replaced(part.value, next.value));
      i += 1;
    } else if (part.added || part.removed) {
      rows.push(...whole(part.added ? 'add' : 'del', part.value));
    } else {
      const same = whole('same', part.value);
      const head = i === 0 ? 0 : CONTEXT;
      const tail = i === parts.length - 1 ? 0 : CONTEXT;
      if (same.length <= head + tail + 1) rows.push(...same);
      else
        rows.push(
          ...same.slice(0, head),
          { kind: 'skip', lines: same.length - head - tail },
          ...same.slice(same.length - tail),
        );
    }
  }
  return rows;
};
