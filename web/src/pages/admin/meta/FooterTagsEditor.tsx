import type { FooterTag } from '@candy/contract/calls/meta';
import { useState } from 'react';
import { Button } from '../../../ui/Button.tsx';

type Row = { name: string; href: string; title: string };

/** The stored JSON as rows; a value that is not a list of tags starts the form empty. */
const rowsOf = (json: string): Row[] => {
  try {
    const parsed: unknown = JSON.parse(json);
    if (!Array.isArray(parsed)) return [];
    return parsed.map((item: Partial<FooterTag>) => ({
      name: String(item?.name ?? ''),
      href: String(item?.href ?? ''),
      title: String(item?.title ?? ''),
    }));
  } catch {
    return [];
  }
};

/**
 * 页脚标签 as a form (issue 24): one row a tag — name, link, hover text — that can be added,
 * moved and removed. It hands its parent the JSON the server stores, so the parent's check and
 * save stay the same as for every other value.
 */
export const FooterTagsEditor = ({
  value,
  onChange,
}: {
  value: string;
  onChange: (json: string) => void;
}) => {
  const [rows, setRows] = useState<Row[]>(() => rowsOf(value));
  const update = (next: Row[]) => {
    setRows(next);
    onChange(JSON.stringify(next));
  };
  const edit = (index: number, field: keyof Row, text: string) =>
    update(rows.map((row, i) => (i === index ? { ...row, [field]: text } : row)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...rows];
    const [row] = next.splice(index, 1);
    if (row) next.splice(index + by, 0, row);
    update(next);
  };
  return (
    <div className="footer-tags-editor" data-testid="footer-tags-editor">
      {rows.length === 0 && <p className="muted">还没有标签：页脚显示站点自带的默认标签。</p>}
      <ol className="footer-tags-rows">
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place.
          <li key={index} className="footer-tag-row" data-testid="footer-tag-row">
            <span className="footer-tag-number">{index + 1}</span>
            <input
              className="input"
              aria-label={`第 ${index + 1} 个标签的名称`}
              placeholder="名称"
              maxLength={20}
              value={row.name}
              onChange={(e) => edit(index, 'name', e.target.value)}
            />
            <input
              className="input"
              aria-label={`第 ${index + 1} 个标签的链接`}
              placeholder="链接：/chaos 或 https://…"
              value={row.href}
              onChange={(e) => edit(index, 'href', e.target.value)}
            />
            <input
              className="input"
              aria-label={`第 ${index + 1} 个标签的提示文字`}
              placeholder="鼠标悬停时的提示（可空）"
              maxLength={100}
              value={row.title}
              onChange={(e) => edit(index, 'title', e.target.value)}
            />
            <span className="footer-tag-actions">
              <Button
                kind="text"
                disabled={index === 0}
                disabledReason="已经在最前"
                onClick={() => move(index, -1)}
              >
                上移
              </Button>
              <Button
                kind="text"
                disabled={index === rows.length - 1}
                disabledReason="已经在最后"
                onClick={() => move(index, 1)}
              >
                下移
              </Button>
              <Button kind="text" onClick={() => update(rows.filter((_, i) => i !== index))}>
                移除
              </Button>
            </span>
          </li>
        ))}
      </ol>
      <Button
        onClick={() => update([...rows, { name: '', href: '', title: '' }])}
        data-testid="footer-tag-add"
      >
        添加标签
      </Button>
    </div>
  );
};
