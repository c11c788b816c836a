import type { AttemptMethod, LoginFailures } from '@candy/contract/calls/auth';
import { useFold } from '../../../ui/adminKit/index.ts';
import { formatDateTime } from '../../public/shared/time.ts';

const methodText: Record<AttemptMethod, string> = {
  password: '密码',
  totp: '验证码',
  passkey: '通行密钥',
};

/**
 * Failed logins of the last week by address and method (issue 40.4): who is trying, how, how often.
 * A failing address is limited on its own; nobody else is locked out by it.
 */
export const FailuresList = ({ failures }: { failures: LoginFailures }) => {
  const { shown, toggle } = useFold(failures.list, 10);
  return (
    <div className="security-failures" data-testid="login-failures">
      {failures.proofForAll && (
        <p className="security-failures-note" data-testid="login-failures-proof">
          最近失败较多：现在用密码登录需要先完成人机验证（登录页会自动完成），通行密钥不受影响。
        </p>
      )}
      {failures.list.length === 0 ? (
        <p className="security-empty">最近 7 天没有失败的登录</p>
      ) : (
        <table className="admin-table admin-table-stack">
          <thead>
            <tr>
              <th>最近一次</th>
              <th>IP</th>
              <th>方式</th>
              <th>失败</th>
              <th>被拒</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((f) => (
              <tr key={`${f.ip} ${f.method}`}>
                <td data-label="最近一次" title={`第一次 ${formatDateTime(f.firstAt)}`}>
                  {formatDateTime(f.lastAt)}
                </td>
                <td data-label="IP">{f.ip || '未知'}</td>
                <td data-label="方式">{methodText[f.method]}</td>
                <td data-label="失败" className="security-outcome-failure">
                  {f.failures}
                </td>
                <td data-label="被拒">{f.refused}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {toggle}
    </div>
  );
};
