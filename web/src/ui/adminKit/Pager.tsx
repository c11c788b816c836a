import { useT } from '../../i18n/useT.ts';

/** Page numbers for the back office's paged lists (1-based). */
export const Pager = ({
  page,
  pageSize,
  total,
  onChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}) => {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const t = useT();
  return (
    <nav className="admin-pager" aria-label={t('admin.kit.pager')}>
      <button type="button" className="btn" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {t('admin.kit.pager.previous')}
      </button>
      <span>{t('admin.kit.pager.position', { page, pages, total })}</span>
      <button type="button" className="btn" disabled={page >= pages} onClick={() => onChange(page + 1)}>
        {t('admin.kit.pager.next')}
      </button>
    </nav>
  );
};
