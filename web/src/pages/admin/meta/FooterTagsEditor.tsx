import type { FooterTag } from '@candy/contract/calls/meta';
import { useState } from 'react';
import { useT } from '../../../i18n/useT.ts';
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
  const t = useT();
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
      {rows.length === 0 && <p className="muted">{t('admin.meta.tags.empty')}</p>}
      <ol className="footer-tags-rows">
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place.
          <li key={index} className="footer-tag-row" data-testid="footer-tag-row">
            <span className="footer-tag-number">{index + 1}</span>
            <input
              className="input"
              aria-label={t('admin.meta.tags.name.label', { number: index + 1 })}
              placeholder={t('admin.meta.tags.name')}
              maxLength={20}
              value={row.name}
              onChange={(e) => edit(index, 'name', e.target.value)}
            />
            <input
              className="input"
              aria-label={t('admin.meta.tags.href.label', { number: index + 1 })}
              placeholder={t('admin.meta.tags.href')}
              value={row.href}
              onChange={(e) => edit(index, 'href', e.target.value)}
            />
            <input
              className="input"
              aria-label={t('admin.meta.tags.title.label', { number: index + 1 })}
              placeholder={t('admin.meta.tags.title')}
              maxLength={100}
              value={row.title}
              onChange={(e) => edit(index, 'title', e.target.value)}
            />
            <span className="footer-tag-actions">
              <Button
                kind="text"
                disabled={index === 0}
                disabledReason={t('admin.meta.tags.first')}
                onClick={() => move(index, -1)}
              >
                {t('admin.meta.tags.up')}
              </Button>
              <Button
                kind="text"
                disabled={index === rows.length - 1}
                disabledReason={t('admin.meta.tags.last')}
                onClick={() => move(index, 1)}
              >
                {t('admin.meta.tags.down')}
              </Button>
              <Button kind="text" onClick={() => update(rows.filter((_, i) => i !== index))}>
                {t('admin.meta.tags.remove')}
              </Button>
            </span>
          </li>
        ))}
      </ol>
      <Button
        onClick={() => update([...rows, { name: '', href: '', title: '' }])}
        data-testid="footer-tag-add"
      >
        {t('admin.meta.tags.add')}
      </Button>
    </div>
  );
};
