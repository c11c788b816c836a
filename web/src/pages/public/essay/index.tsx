import { markdownTitle } from '@candy/contract/markdownText';
import { essayIdOfPath } from '@candy/contract/sitePaths';
import { useOwnTitle } from '../../../app/ownTitle.ts';
import { Link, useLocation } from '../../../app/router.tsx';
import { peekSsr } from '../../../core/ssrData.ts';
import { useT } from '../../../i18n/useT.ts';
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
  const t = useT();
  useOwnTitle(shown ? markdownTitle(shown.content) : missing ? t('essay.missing') : null);
  return (
    <div className="public-page essay-page">
      {shown ? (
        <PageHeading content>
          {markdownTitle(shown.content) || t('essay.untitled', { id: shown.id })}
        </PageHeading>
      ) : null}
      <nav className="essay-page-back" aria-label={t('essay.back')}>
        <Link to="/chaos">{t('essay.all')}</Link>
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
          {t('list.failed', { error: essay.error })}{' '}
          <button type="button" className="btn btn-text" onClick={() => void essay.retry()}>
            {t('list.retry')}
          </button>
        </div>
      ) : (
        <div className="list-status" aria-live="polite">
          <Spinner label={t('list.loading')} /> {t('list.loading.text')}
        </div>
      )}
    </div>
  );
};
