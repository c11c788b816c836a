import { ErrorCode } from '@candy/contract/codes';
import { switchDarkMode } from '../../../app/darkMode.ts';
import { useDarkMode } from '../../../core/appState.ts';
import { useT } from '../../../i18n/useT.ts';
import { Button } from '../../../ui/Button.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { DarkKeyNeeded } from '../shared/DarkKeyNeeded.tsx';
import { PageHeading } from '../shared/PageHeading.tsx';
import '../shared/public-pages.css';
import { Gallery } from './Gallery.tsx';
import { useWaifuList } from './useWaifuList.ts';
import './waifu.css';

const WaifuGallery = () => {
  const waifu = useWaifuList();
  const t = useT();
  if (waifu.status === 'failed' && waifu.code === ErrorCode.darkKeyRequired)
    return <DarkKeyNeeded what={t('waifu.what')} />;
  if (waifu.data)
    return waifu.data.length ? (
      <Gallery list={waifu.data} />
    ) : (
      <p className="state-panel">{t('waifu.none')}</p>
    );
  if (waifu.status === 'failed')
    return (
      <div className="list-status list-status-failed" role="alert">
        {t('list.failed', { error: waifu.error })}{' '}
        <button type="button" className="btn btn-text" onClick={() => void waifu.retry()}>
          {t('list.retry')}
        </button>
      </div>
    );
  return (
    <div className="list-status">
      <Spinner label={t('list.loading')} /> {t('list.loading.text')}
    </div>
  );
};

/** The waifu gallery (老婆): dark mode only, and the server asks for the decode key (4031). */
export default function WaifuPage() {
  const dark = useDarkMode();
  const t = useT();
  return (
    <div className="public-page waifu-page">
      <PageHeading>{t('title.waifu')}</PageHeading>
      {dark ? (
        <WaifuGallery />
      ) : (
        <section className="state-panel" data-testid="waifu-dark-only">
          <h2>{t('waifu.darkOnly')}</h2>
          <Button kind="primary" onClick={() => switchDarkMode(true)}>
            {t('waifu.darkOn')}
          </Button>
        </section>
      )}
    </div>
  );
}
