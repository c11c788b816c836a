import { useAppInfo, useCanSeeBackOffice, useDarkMode } from '../core/appState.ts';
import { setDevMode, setOfflineMode } from '../core/modes.ts';
import { storage } from '../core/storage.ts';
import { useStore } from '../core/store.ts';
import { spec } from '../i18n/i18n.ts';
import { useT } from '../i18n/useT.ts';
import { reportError } from '../ui/reportError.ts';
import { Switch } from '../ui/Switch.tsx';
import { editDarkKey, switchDarkMode } from './darkMode.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';

/** The switches and the dark-key entry of spec §2 "Switches and menu". */
export const Settings = () => {
  const dark = useDarkMode();
  const offlineOnly = useAppInfo((i) => i.offlineModeOnly);
  const offlineChosen = useStore(storage, (r) => r.offlineMode);
  const devMode = useStore(storage, (r) => r.devMode);
  const hasKey = useStore(storage, (r) => r.darkModeDecodeKey !== '');
  const canDev = useCanSeeBackOffice();
  const t = useT();
  return (
    <div className="settings" data-testid="settings">
      <Switch checked={dark} onChange={switchDarkMode} label={t('settings.dark')} data-testid="switch-dark" />
      <Switch
        // Forced on, and not switchable, while the server cannot be reached (spec §2).
        checked={offlineChosen || offlineOnly}
        disabled={offlineOnly}
        onChange={setOfflineMode}
        label={t('settings.offline')}
        data-testid="switch-offline"
      />
      {canDev && (
        <Switch checked={devMode} onChange={setDevMode} label={t('settings.dev')} data-testid="switch-dev" />
      )}
      <button
        type="button"
        className="menu-entry"
        data-testid="dark-key-entry"
        onClick={() => editDarkKey().catch(reportError)}
      >
        {hasKey ? spec('darkKeyReset') : spec('darkKeySet')}
      </button>
      <LanguageSwitch />
    </div>
  );
};
