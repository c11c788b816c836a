import { enterDarkKey } from '../../../app/darkMode.ts';
import { Link } from '../../../app/router.tsx';
import { useAppInfo, useIsOffline } from '../../../core/appState.ts';
import { storage } from '../../../core/storage.ts';
import { useStore } from '../../../core/store.ts';
import { useT } from '../../../i18n/useT.ts';
import { Button } from '../../../ui/Button.tsx';

/**
 * What a dark-content page shows on 4031. The open gate shows 朋友圈 in the menu (spec §2) but does
 * not unlock it, so the panel says why it is locked and takes the key (or, with the gate open,
 * points to the owner's login) right here (issue 41.14).
 */
export const DarkKeyNeeded = ({ what }: { what: string }) => {
  const hasKey = useStore(storage, (record) => record.darkModeDecodeKey !== '');
  const gate = useAppInfo((info) => info.openGreatOldOneGate);
  // Offline only the key opens the snapshot's sealed copy: a login would not help (issue 46.2).
  const offline = useIsOffline();
  const t = useT();
  return (
    <section className="state-panel" data-testid="dark-key-needed" role="alert">
      <h2>{t(hasKey ? 'darkKey.title.wrong' : 'darkKey.title')}</h2>
      <p>
        {t('darkKey.only', { what })}
        {hasKey ? t('darkKey.wrong') : ''}
        {t('darkKey.enter')}
        {offline ? (
          ''
        ) : gate ? (
          <>
            {t('darkKey.or')}
            <Link to="/contract">{t('darkKey.login')}</Link>
          </>
        ) : (
          t('darkKey.orLogin')
        )}
        {t('darkKey.after')}
      </p>
      <Button kind="primary" onClick={enterDarkKey}>
        {t('darkKey.button')}
      </Button>
    </section>
  );
};
