import type { LoginAttemptView, LoginOutcome } from '@candy/contract/calls/auth';
import { formatDateTime } from '../../public/shared/time.ts';
import { shortUserAgent } from './session.ts';

const outcomeText: Record<LoginOutcome, string> = {
  success: '成功',
  failure: '失败',
  limited: '已限制',
  'second-factor': '密码正确，待验证码',
  'proof-required': '缺少人机验证',
};

/** The last 50 login attempts, newest first. */
export const AttemptsTable = ({ attempts }: { attempts: LoginAttemptView[] }) =>
  attempts.length === 0 ? (
    <p className="security-empty">还没有登录记录</p>
  ) : (
    <table className="admin-table" data-testid="attempts">
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
        {attempts.map((a) => (
          <tr key={a.id}>
            <td>{formatDateTime(a.at)}</td>
            <td>{a.username}</td>
            <td>{a.ip}</td>
            <td title={a.userAgent}>{shortUserAgent(a.userAgent)}</td>
            <td className={`security-outcome-${a.outcome}`}>{outcomeText[a.outcome]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
