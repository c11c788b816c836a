import { Link } from '../../../app/router.tsx';
import { useT } from '../../../i18n/useT.ts';

/**
 * An essay a visitor may not read (hidden, reserved, or never written): said kindly, with the way
 * back to the list. The server sends the same markup with HTTP 404 (issue 23).
 */
export const EssayMissing = () => {
  const t = useT();
  return (
    <section className="card essay-missing" data-testid="essay-missing">
      <h1 className="essay-missing-title">{t('essay.missing.title')}</h1>
      <p>{t('essay.missing.text')}</p>
      <p>
        <Link to="/chaos">{t('essay.missing.others')}</Link>
      </p>
    </section>
  );
};
