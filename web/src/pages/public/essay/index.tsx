import { markdownTitle } from '@candy/contract/markdownText';
import { essayIdOfPath } from '@candy/contract/sitePaths';
import { useOwnTitle } from '../../../app/ownTitle.ts';
import { Link, useLocation } from '../../../app/router.tsx';
import { peekSsr } from '../../../core/ssrData.ts';
import { commentAnchorOf } from '../../../ui/Comments/useCommentAnchor.ts';
import { preloadMarkdown } from '../../../ui/Markdown/loadRenderer.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { SubscribeSlot } from '../../../ui/Subscribe/SubscribeSlot.tsx';
import { EssayCard } from '../chaos/EssayCard.tsx';
import '../chaos/chaos.css';
import { PageHeading } from '../shared/PageHeading.tsx';
import '../shared/public-pages.css';
import './essay.css';
import { EssayMissing } from './EssayMissing.tsx';
import { essaySsrKey, useEssay } from './useEssay.ts';

// A server-rendered essay carries its markup; the renderer is needed for any other.
const firstId = typeof location === 'undefined' ? null : essayIdOfPath(location.pathname);
if (firstId === null || peekSsr(essaySsrKey(firstId)) === undefined) void preloadMarkdown();

/** A reply notification opens `/chaos/N#comment-M`; the server renders without a hash, so never there. */
const opensComment = () => typeof location !== 'undefined' && commentAnchorOf(location.hash) !== null;

/**
 * One essay on its own page, `/chaos/N` (issue 23): the address feeds, the sitemap and share
 * previews give. The server renders this page too, so readers without JavaScript see the essay.
 */
export default function EssayPage() {
  const { pathname } = useLocation();
  // The page stays mounted (kept alive) while another page is shown: keep the last essay's id then.
  const id = essayIdOfPath(pathname);
  return id === null ? null : <EssayView id={id} />;
}

const EssayView = ({ id }: { id: number }) => {
  const essay = useEssay(id);
  // While the next essay loads, the previous one's answer is still in hand: never show it for this id.
  const shown = essay.data && essay.data.id === id ? essay.data : null;
  const missing = essay.status === 'ready' && essay.data === null;
  useOwnTitle(shown ? markdownTitle(shown.content) : missing ? '随笔不存在' : null);
  return (
    <div className="public-page essay-page">
      {shown ? <PageHeading>{markdownTitle(shown.content) || `随笔 #${shown.id}`}</PageHeading> : null}
      <nav className="essay-page-back" aria-label="返回">
        <Link to="/chaos">← 全部随笔</Link>
      </nav>
      {shown ? (
        <>
          <EssayCard essay={shown} first openComments={opensComment()} />
          <SubscribeSlot place="essay" />
        </>
      ) : missing ? (
        <EssayMissing />
      ) : essay.status === 'failed' ? (
        <div className="list-status list-status-failed" role="alert">
          加载失败：{essay.error}{' '}
          <button type="button" className="btn btn-text" onClick={() => void essay.retry()}>
            重试
          </button>
        </div>
      ) : (
        <div className="list-status" aria-live="polite">
          <Spinner label="加载中" /> 加载中…
        </div>
      )}
    </div>
  );
};
