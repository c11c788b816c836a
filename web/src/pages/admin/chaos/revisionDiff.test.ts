import { describe, expect, it } from 'vitest';
import { type DiffRow, revisionDiff } from './revisionDiff.ts';

const show = (rows: DiffRow[]) =>
  rows.map((row) =>
    row.kind === 'skip'
      ? `… ${row.lines}`
      : `${{ same: ' ', add: '+', del: '-' }[row.kind]}${row.pieces
          .map((p) => (p.changed ? `[${p.text}]` : p.text))
          .join('')}`,
  );

describe('the revision diff', () => {
  it('has no rows for the same text', () => {
    expect(revisionDiff('甲\n乙\n', '甲\n乙\n')).toEqual([]);
  });

  it('marks the characters that changed in a rewritten line', () => {
    expect(show(revisionDiff('今天天气很好\n', '今天天气不好\n'))).toEqual([
      '-今天天气[很]好',
      '+今天天气[不]好',
    ]);
  });

  it('shows added and removed lines whole', () => {
    expect(show(revisionDiff('一\n二\n', '一\n二\n三\n'))).toEqual([' 一', ' 二', '+[三]']);
    expect(show(revisionDiff('一\n二\n', '二\n'))).toEqual(['-[一]', ' 二']);
  });

  it('does not count a missing newline at the end as a change', () => {
    expect(show(revisionDiff('一\n二', '一\n二\n\n三'))).toEqual([' 一', ' 二', '+[]', '+[三]']);
  });

  it('folds a long unchanged run between changes to two lines of context each side', () => {
    const middle = Array.from({ length: 10 }, (_, i) => `第${i}行`).join('\n');
    const rows = show(revisionDiff(`旧\n${middle}\n尾\n`, `新\n${middle}\n尾巴\n`));
    expect(rows).toEqual(['-[旧]', '+[新]', ' 第0行', ' 第1行', '… 6', ' 第8行', ' 第9行', '-尾', '+尾[巴]']);
  });
});
