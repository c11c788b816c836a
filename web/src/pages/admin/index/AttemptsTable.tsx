import type { LoginAttemptView, LoginOutcome } from '@candy/contract/calls/auth';
import { useFold } from '../../../ui/adminKit/index.ts';
import { formatDateTime } from '../../public/shared/time.ts';
import { shortUserAgent } from './session.ts';

const outcomeText: Record<LoginOutcome, string> = {
  success: '成功',
  failure: '失败',
  limited: '已限制',
  'second-factor': '密码正确，待验证码',
  'proof-required': '缺少人机验证',
};

/** The last 50 login attempts, newest first: ten shown, the rest folded (issue 41.3). */
export const AttemptsTable = ({ attempts }: { attempts: LoginAttemptView[] }) => {
  const { shown, toggle } = useFold(attempts, 10);
  if (attempts.length === 0) return <p className="security-empty">还没有登录记录</p>;
  return (
    <>
      <table className="admin-table admin-table-stack" data-testid="attempts">
        <thead>
          <tr>
            <th>时间</th>
            <th>用户名</th>
            <th>IP</th>
            <th>设备</th>
            <th>结果</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((a) => (
            <tr key={a.id}>
              <td data-label="时间">{formatDateTime(a.at)}</td>
              <td data-label="用户名">{a.username}</td>
              <td data-label="IP">{a.ip}</td>
              <td data-label="设备" title={a.userAgent}>
                {shortUserAgent(a.userAgent)}
              </td>
              <td data-label="结果" className={`security-outcome-${a.outcome}`}>
                {outcomeText[a.outcome]}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {toggle}
    </>
  );
};
