import { t } from '../i18n/i18n.ts';

/** An honest panel for a page whose issue has not landed yet: no fake content. */
export const NotBuiltYet = ({ title }: { title: string }) => (
  <section className="not-built-yet" data-testid="not-built-yet">
    <h2>{title}</h2>
    <p>{t('notBuiltYet')}</p>
  </section>
);
