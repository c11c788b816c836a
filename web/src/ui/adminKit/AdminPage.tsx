import type { ReactNode } from 'react';

/** A back-office page: its heading, the actions beside it, then the content. */
export const AdminPage = ({
  title,
  actions,
  children,
  'data-testid': testId,
}: {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  'data-testid'?: string;
}) => (
  <section className="admin-page" data-testid={testId}>
    <header className="admin-page-head">
      <h1>{title}</h1>
      {actions && <div className="admin-page-actions">{actions}</div>}
    </header>
    {children}
  </section>
);
