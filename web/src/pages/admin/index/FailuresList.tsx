import type { AttemptMethod, LoginFailures } from '@candy/contract/calls/auth';
import { useT } from '../../../i18n/useT.ts';
import { useFold } from '../../../ui/adminKit/index.ts';
import { formatDateTime } from '../../public/shared/time.ts';

/** Each method's message key. */
const methodText: Record<AttemptMethod, string> = {
  password: 'admin.home.method.password',
  totp: 'admin.home.method.totp',
  passkey: 'admin.home.method.passkey',
};

/**
 * Failed logins of the last week by address and method (issue 40.4): who is trying, how, how often.
 * A failing address is limited on its own; nobody else is locked out by it.
 */
export const FailuresList = ({ failures }: { failures: LoginFailures }) => {
  const { shown, toggle } = useFold(failures.list, 10);
  const t = useT();
  return (
    <div className="security-failures" data-testid="login-failures">
      {failures.proofForAll && (
        <p className="security-failures-note" data-testid="login-failures-proof">
          {t('admin.home.failures.proof')}
        </p>
      )}
      {failures.list.length === 0 ? (
        <p className="security-empty">{t('admin.home.failures.none')}</p>
      ) : (
        <table className="admin-table admin-table-stack">
          <thead>
            <tr>
              <th>{t('admin.home.col.latest')}</th>
              <th>IP</th>
              <th>{t('admin.home.col.method')}</th>
              <th>{t('admin.home.col.failed')}</th>
              <th>{t('admin.home.col.refused')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((f) => (
              <tr key={`${f.ip} ${f.method}`}>
                <td
                  data-label={t('admin.home.col.latest')}
                  title={t('admin.home.failures.first', { at: formatDateTime(f.firstAt) })}
                >
                  {formatDateTime(f.lastAt)}
                </td>
                <td data-label="IP">{f.ip || t('admin.home.unknown')}</td>
                <td data-label={t('admin.home.col.method')}>{t(methodText[f.method])}</td>
                <td data-label={t('admin.home.col.failed')} className="security-outcome-failure">
                  {f.failures}
                </td>
                <td data-label={t('admin.home.col.refused')}>{f.refused}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {toggle}
    </div>
  );
};
