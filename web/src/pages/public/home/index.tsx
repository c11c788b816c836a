import { SiteDefaults } from '@candy/contract/constants';
import { Link } from '../../../app/router.tsx';
import { useDarkMode } from '../../../core/appState.ts';
import { runtimeConfig } from '../../../core/runtimeConfig.ts';
import { useT } from '../../../i18n/useT.ts';
import { Hitokoto } from '../../../ui/Hitokoto/Hitokoto.tsx';
import './home.css';

/** The site's own icon stands for its owner (the address manifest.webmanifest names too). */
const OWNER_PHOTO = '/icon-192.png';

/** The full-screen landing page: the site's name, its slogan, a quote, and the way in. */
export default function HomePage() {
  const dark = useDarkMode();
  const t = useT();
  return (
    <div className="home-page" data-testid="home">
      {/* The owner's h-card (microformats2, issue 41.12): whose site this is, its address and picture,
          for the sites that read ours (Webmention) as we read theirs. */}
      <div className="home-inner h-card">
        <h1 className="home-title p-name" data-content>
          {runtimeConfig.title}
        </h1>
        <data className="u-url" value="/home" hidden />
        <data className="u-photo" value={OWNER_PHOTO} hidden />
        <p className="home-slogan" data-testid="home-slogan" data-content>
          {dark ? SiteDefaults.darkSlogan : SiteDefaults.slogan}
        </p>
        <Hitokoto className="home-quote" />
        <Link className="home-enter" to="/chaos">
          {t('home.enter')}
        </Link>
      </div>
    </div>
  );
}
