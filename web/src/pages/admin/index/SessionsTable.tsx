import type { OwnerSessionView } from '@candy/contract/calls/auth';
import { call } from '../../../core/request.ts';
import { useFold } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { formatDateTime } from '../../public/shared/time.ts';
import { shortUserAgent } from './session.ts';

const methodText: Record<OwnerSessionView['method'], string> = {
  password: '密码',
  'password+totp': '密码 + 验证码',
  passkey: '通行密钥',
};
const deviceText: Record<string, string> = { desktop: '电脑', mobile: '手机', tablet: '平板', tv: '电视' };

/** "Chrome · Windows · 电脑" from the server's reading of the User-Agent, the raw string as fallback. */
const deviceOf = (s: OwnerSessionView): string =>
  s.browser
    ? [s.browser, s.os, deviceText[s.device] ?? s.device].filter(Boolean).join(' · ')
    : shortUserAgent(s.userAgent);

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
  return (
    <>
      <table className="admin-table admin-table-stack security-sessions" data-testid="sessions">
        <thead>
          <tr>
            <th>登录时间</th>
            <th>最近使用</th>
            <th>IP</th>
            <th>设备</th>
            <th>登录方式</th>
            <th>
              <span className="sr-only">操作</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((s) => (
            <tr key={s.id} data-current={s.current || undefined}>
              <td data-label="登录时间">{formatDateTime(s.createdAt)}</td>
              <td data-label="最近使用">{formatDateTime(s.lastUsedAt)}</td>
              <td data-label="IP">{s.ip}</td>
              <td data-label="设备" title={s.userAgent}>
                <span>
                  {deviceOf(s)}
                  {s.current && <span className="security-current">当前</span>}
                </span>
              </td>
              <td data-label="登录方式">{methodText[s.method]}</td>
              <td data-label="">
                {s.current ? (
                  <Button kind="text" onClick={onLogout} confirm={{ message: '退出当前登录?' }}>
                    退出
                  </Button>
                ) : (
                  <Button
                    kind="dangerous"
                    onClick={async () => {
                      await call('revokeSession', { params: { id: s.id } });
                      await onRevoked();
                    }}
                    confirm={{ message: '让这个会话立即失效?' }}
                    data-testid="session-end"
                  >
                    结束
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
