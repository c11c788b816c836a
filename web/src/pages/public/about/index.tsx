import { peekSsr } from '../../../core/ssrData.ts';
import { useT } from '../../../i18n/useT.ts';
import { Comments } from '../../../ui/Comments/Comments.tsx';
import { preloadMarkdown } from '../../../ui/Markdown/loadRenderer.ts';
import { Markdown } from '../../../ui/Markdown/Markdown.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import '../shared/public-pages.css';
import { aboutArticleId, useAboutArticle } from './useAboutArticle.ts';

// A server-rendered about page (issue 16) carries its markup: no renderer needed for it.
if (peekSsr('about') === undefined) void preloadMarkdown();

/** The about page (关于): article 1, then its comments. */
export default function AboutPage() {
  const about = useAboutArticle();
  const t = useT();
  return (
    <div className="public-page about-page">
      <article className="card" data-testid="about-article">
        {about.data ? (
          <Markdown
            source={about.data.content}
            pictures={about.data.pictures}
            eagerFirst
            html={(about.data as { html?: string }).html}
          />
        ) : about.status === 'failed' ? (
          <div className="list-status list-status-failed" role="alert">
            {t('list.failed', { error: about.error })}{' '}
            <button type="button" className="btn btn-text" onClick={() => void about.retry()}>
              {t('list.retry')}
            </button>
          </div>
        ) : (
          <div className="list-status">
            <Spinner label={t('list.loading')} />
          </div>
        )}
      </article>
      <div className="card">
        <Comments targetType="article" targetId={aboutArticleId} />
      </div>
    </div>
  );
}
