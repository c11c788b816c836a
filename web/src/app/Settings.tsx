import { Texts } from '@candy/contract/constants';
import { useAppInfo, useCanSeeBackOffice, useDarkMode } from '../core/appState.ts';
import { setDevMode, setOfflineMode } from '../core/modes.ts';
import { storage } from '../core/storage.ts';
import { useStore } from '../core/store.ts';
import { reportError } from '../ui/reportError.ts';
import { Switch } from '../ui/Switch.tsx';
import { editDarkKey, switchDarkMode } from './darkMode.ts';

/** The switches and the dark-key entry of spec §2 "Switches and menu". */
export const Settings = () => {
  const dark = useDarkMode();
  const offlineOnly = useAppInfo((i) => i.offlineModeOnly);
  const offlineChosen = useStore(storage, (r) => r.offlineMode);
  const devMode = useStore(storage, (r) => r.devMode);
  const hasKey = useStore(storage, (r) => r.darkModeDecodeKey !== '');
  const canDev = useCanSeeBackOffice();
  return (
    <div className="settings" data-testid="settings">
      <Switch checked={dark} onChange={switchDarkMode} label="暗黑模式" data-testid="switch-dark" />
      <Switch
        // Forced on, and not switchable, while the server cannot be reached (spec §2).
        checked={offlineChosen || offlineOnly}
        disabled={offlineOnly}
        onChange={setOfflineMode}
        label="离线模式"
        data-testid="switch-offline"
      />
      {canDev && <Switch checked={devMode} onChange={setDevMode} label="开发模式" data-testid="switch-dev" />}
      <button
        type="button"
        className="menu-entry"
        data-testid="dark-key-entry"
        onClick={() => editDarkKey().catch(reportError)}
      >
        {hasKey ? Texts.darkKeyReset : Texts.darkKeySet}
      </button>
    </div>
  );
};
