import { ErrorCode } from '@candy/contract/codes';
import { switchDarkMode } from '../../../app/darkMode.ts';
import { useDarkMode } from '../../../core/appState.ts';
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
  if (waifu.status === 'failed' && waifu.code === ErrorCode.darkKeyRequired)
    return <DarkKeyNeeded what="老婆们" />;
  if (waifu.data)
    return waifu.data.length ? <Gallery list={waifu.data} /> : <p className="state-panel">还没有老婆</p>;
  if (waifu.status === 'failed')
    return (
      <div className="list-status list-status-failed" role="alert">
        加载失败：{waifu.error}{' '}
        <button type="button" className="btn btn-text" onClick={() => void waifu.retry()}>
          重试
        </button>
      </div>
    );
  return (
    <div className="list-status">
      <Spinner label="加载中" /> 加载中…
    </div>
  );
};

/** The waifu gallery (老婆): dark mode only, and the server asks for the decode key (4031). */
export default function WaifuPage() {
  const dark = useDarkMode();
  return (
    <div className="public-page waifu-page">
      <PageHeading>老婆</PageHeading>
      {dark ? (
        <WaifuGallery />
      ) : (
        <section className="state-panel" data-testid="waifu-dark-only">
          <h2>这里只在暗黑模式下开放</h2>
          <Button kind="primary" onClick={() => switchDarkMode(true)}>
            打开暗黑模式
          </Button>
        </section>
      )}
    </div>
  );
}
