import { useNavigate } from '../../../app/router.tsx';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';
import { Button } from '../../../ui/Button.tsx';
import './admin-index.css';
import { AttemptsTable } from './AttemptsTable.tsx';
import { ChangePassword } from './ChangePassword.tsx';
import { Dashboard } from './Dashboard.tsx';
import { FailuresList } from './FailuresList.tsx';
import { PasskeysPanel } from './PasskeysPanel.tsx';
import { SessionsTable } from './SessionsTable.tsx';
import { forgetAccessKey } from './session.ts';
import { TotpPanel } from './TotpPanel.tsx';
import { useSecurity } from './useSecurity.ts';

/**
 * The back office's home: figures, newest comments, the system, then security — sessions and the
 * keys (passkeys, TOTP, password) before the logs of login attempts (issue 41.3).
 */
export default function AdminHomePage() {
  const security = useSecurity();
  const navigate = useNavigate();
  const t = useT();

  const logout = async () => {
    await call('logout');
    forgetAccessKey();
    void navigate('/', { replace: true });
  };

  return (
    <div className="admin-home" data-testid="security-panel">
      <header className="admin-home-header">
        <h1>
          {t('admin.title.index')}
          {security.data && (
            <>
              {' · '}
              <span data-content>{security.data.username}</span>
            </>
          )}
        </h1>
        <div className="admin-toolbar">
          <Button
            onClick={security.reload}
            loading={security.status === 'loading'}
            data-testid="security-reload"
          >
            {t('admin.home.reload')}
          </Button>
          <Button kind="text" onClick={logout} data-testid="logout">
            {t('admin.home.logout')}
          </Button>
        </div>
      </header>
      <Dashboard />
      <section>
        <h2>{t('admin.home.sessions')}</h2>
        {security.data && security.data.sessions.length > 1 && (
          <div className="security-toolbar">
            <Button
              kind="dangerous"
              confirm={{ message: t('admin.home.sessions.endOthers.confirm') }}
              onClick={async () => {
                await call('revokeOtherSessions', { body: {} });
                await security.reload();
              }}
              data-testid="sessions-end-others"
            >
              {t('admin.home.sessions.endOthers')}
            </Button>
          </div>
        )}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the table scrolls sideways on a phone; the keyboard must reach it. */}
        <div className="admin-table-wrap" tabIndex={0}>
          {security.data && (
            <SessionsTable sessions={security.data.sessions} onRevoked={security.reload} onLogout={logout} />
          )}
        </div>
      </section>
      <section>
        <h2>{t('admin.home.passkeys')}</h2>
        {security.data && <PasskeysPanel passkeys={security.data.passkeys} onChanged={security.reload} />}
      </section>
      <section>
        <h2>{t('admin.home.totp')}</h2>
        {security.data && (
          <TotpPanel
            totp={security.data.totp}
            hasPasskeys={security.data.passkeys.length > 0}
            onChanged={security.reload}
          />
        )}
      </section>
      <section>
        <h2>{t('admin.home.password')}</h2>
        <ChangePassword onChanged={security.reload} />
      </section>
      <section>
        <h2>{t('admin.home.failures')}</h2>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the table scrolls sideways on a phone; the keyboard must reach it. */}
        <div className="admin-table-wrap" tabIndex={0}>
          {security.data && <FailuresList failures={security.data.failures} />}
        </div>
      </section>
      <section>
        <h2>{t('admin.home.attempts')}</h2>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the table scrolls sideways on a phone; the keyboard must reach it. */}
        <div className="admin-table-wrap" tabIndex={0}>
          {security.data && <AttemptsTable attempts={security.data.attempts} />}
        </div>
      </section>
    </div>
  );
}
