import type { OwnerSessionView } from '@candy/contract/calls/auth';
import { call } from '../../../core/request.ts';
import { t as translate } from '../../../i18n/i18n.ts';
import { useT } from '../../../i18n/useT.ts';
import { useFold } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { formatDateTime } from '../../public/shared/time.ts';
import { shortUserAgent } from './session.ts';

/** Each login method's message key. */
const methodText: Record<OwnerSessionView['method'], string> = {
  password: 'admin.home.method.password',
  'password+totp': 'admin.home.method.password+totp',
  passkey: 'admin.home.method.passkey',
};
/** The kinds of device the server tells apart, by message key; another kind shows as it came. */
const deviceText: Record<string, string> = {
  desktop: 'admin.home.device.desktop',
  mobile: 'admin.home.device.mobile',
  tablet: 'admin.home.device.tablet',
  tv: 'admin.home.device.tv',
};

/** "Chrome · Windows · 电脑" from the server's reading of the User-Agent, the raw string as fallback. */
const deviceOf = (s: OwnerSessionView): string => {
  const kind = deviceText[s.device];
  return s.browser
    ? [s.browser, s.os, kind ? translate(kind) : s.device].filter(Boolean).join(' · ')
    : shortUserAgent(s.userAgent);
};

/**
 * The owner's live sessions, this one first; revoking one ends it at once (its key is refused from
 * then on). On a phone each row is a card, so 结束 is on screen (issue 41.3).
 */
export const SessionsTable = ({
  sessions,
  onRevoked,
  onLogout,
}: {
  sessions: OwnerSessionView[];
  onRevoked: () => Promise<void>;
  onLogout: () => Promise<void>;
}) => {
  const ordered = [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)];
  const { shown, toggle } = useFold(ordered, 5);
  const t = useT();
  return (
    <>
      <table className="admin-table admin-table-stack security-sessions" data-testid="sessions">
        <thead>
          <tr>
            <th>{t('admin.home.col.signedIn')}</th>
            <th>{t('admin.home.col.lastUsed')}</th>
            <th>IP</th>
            <th>{t('admin.home.col.device')}</th>
            <th>{t('admin.home.col.loginMethod')}</th>
            <th>
              <span className="sr-only">{t('admin.home.col.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((s) => (
            <tr key={s.id} data-current={s.current || undefined}>
              <td data-label={t('admin.home.col.signedIn')}>{formatDateTime(s.createdAt)}</td>
              <td data-label={t('admin.home.col.lastUsed')}>{formatDateTime(s.lastUsedAt)}</td>
              <td data-label="IP">{s.ip}</td>
              <td data-label={t('admin.home.col.device')} title={s.userAgent}>
                <span>
                  {deviceOf(s)}
                  {s.current && <span className="security-current">{t('admin.home.sessions.current')}</span>}
                </span>
              </td>
              <td data-label={t('admin.home.col.loginMethod')}>{t(methodText[s.method])}</td>
              <td data-label="">
                {s.current ? (
                  <Button
                    kind="text"
                    onClick={onLogout}
                    confirm={{ message: t('admin.home.sessions.logout.confirm') }}
                  >
                    {t('admin.home.sessions.logout')}
                  </Button>
                ) : (
                  <Button
                    kind="dangerous"
                    onClick={async () => {
                      await call('revokeSession', { params: { id: s.id } });
                      await onRevoked();
                    }}
                    confirm={{ message: t('admin.home.sessions.end.confirm') }}
                    data-testid="session-end"
                  >
                    {t('admin.home.sessions.end')}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {toggle}
    </>
  );
};
