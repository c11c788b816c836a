import type { LoginAttemptView, LoginOutcome } from '@candy/contract/calls/auth';
import { useT } from '../../../i18n/useT.ts';
import { useFold } from '../../../ui/adminKit/index.ts';
import { formatDateTime } from '../../public/shared/time.ts';
import { shortUserAgent } from './session.ts';

/** Each outcome's message key. */
const outcomeText: Record<LoginOutcome, string> = {
  success: 'admin.home.outcome.success',
  failure: 'admin.home.outcome.failure',
  limited: 'admin.home.outcome.limited',
  'second-factor': 'admin.home.outcome.second-factor',
  'proof-required': 'admin.home.outcome.proof-required',
};

/** The last 50 login attempts, newest first: ten shown, the rest folded (issue 41.3). */
export const AttemptsTable = ({ attempts }: { attempts: LoginAttemptView[] }) => {
  const { shown, toggle } = useFold(attempts, 10);
  const t = useT();
  if (attempts.length === 0) return <p className="security-empty">{t('admin.home.attempts.none')}</p>;
  return (
    <>
      <table className="admin-table admin-table-stack" data-testid="attempts">
        <thead>
          <tr>
            <th>{t('admin.home.col.time')}</th>
            <th>{t('admin.home.col.username')}</th>
            <th>IP</th>
            <th>{t('admin.home.col.device')}</th>
            <th>{t('admin.home.col.result')}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((a) => (
            <tr key={a.id}>
              <td data-label={t('admin.home.col.time')}>{formatDateTime(a.at)}</td>
              <td data-label={t('admin.home.col.username')} data-content>
                {a.username}
              </td>
              <td data-label="IP">{a.ip}</td>
              <td data-label={t('admin.home.col.device')} title={a.userAgent}>
                {shortUserAgent(a.userAgent)}
              </td>
              <td data-label={t('admin.home.col.result')} className={`security-outcome-${a.outcome}`}>
                {t(outcomeText[a.outcome])}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {toggle}
    </>
  );
};
