import { SiteDefaults } from '@candy/contract/constants';
import { Link } from '../../../app/router.tsx';
import { useDarkMode } from '../../../core/appState.ts';
import { runtimeConfig } from '../../../core/runtimeConfig.ts';
import { Hitokoto } from '../../../ui/Hitokoto/Hitokoto.tsx';
import './home.css';

/** The full-screen landing page: the site's name, its slogan, a quote, and the way in. */
export default function HomePage() {
  const dark = useDarkMode();
  return (
    <div className="home-page" data-testid="home">
      <div className="home-inner">
        <h1 className="home-title">{runtimeConfig.title}</h1>
        <p className="home-slogan" data-testid="home-slogan">
          {dark ? SiteDefaults.darkSlogan : SiteDefaults.slogan}
        </p>
        <Hitokoto className="home-quote" />
        <Link className="home-enter" to="/chaos">
          进入
        </Link>
      </div>
    </div>
  );
}
