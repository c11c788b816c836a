import { SiteDefaults, Texts } from '@candy/contract/constants';
import { useEffect, useState } from 'react';
import { call } from './core/request.ts';
import { runtimeConfig } from './core/runtimeConfig.ts';

export const App = () => {
  const [serverVersion, setServerVersion] = useState<string | null>(null);
  useEffect(() => {
    call('systemVersion')
      .then(setServerVersion)
      .catch(() => setServerVersion(Texts.offlineVersion));
  }, []);
  return (
    <main className="skeleton">
      <h1>{runtimeConfig.title}</h1>
      <p>{SiteDefaults.slogan}</p>
      <footer>
        <span data-testid="page-build">{__PAGE_BUILD__}</span>
        {' · '}
        <span data-testid="server-version">{serverVersion ?? '…'}</span>
      </footer>
    </main>
  );
};
