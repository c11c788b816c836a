import type { PasskeyView } from '@candy/contract/calls/auth';
import { useState } from 'react';
import { passkeyCancelled, passkeyRegistration, passkeysSupported } from '../../../core/passkeys.ts';
import { call } from '../../../core/request.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';
import { formatDateTime } from '../../public/shared/time.ts';

/** The owner's passkeys: add one on this device under a name, or delete one. */
export const PasskeysPanel = ({
  passkeys,
  onChanged,
}: {
  passkeys: PasskeyView[];
  onChanged: () => Promise<void>;
}) => {
  const [name, setName] = useState('');
  const add = async () => {
    try {
      const credential = await passkeyRegistration();
      await call('passkeyRegister', { body: { name: name.trim() || '通行密钥', credential } });
    } catch (error) {
      if (passkeyCancelled(error)) return;
      throw error;
    }
    setName('');
    toast.success('通行密钥已添加');
    await onChanged();
  };
  return (
    <div className="security-factor" data-testid="passkeys">
      {passkeys.length === 0 ? (
        <p className="security-empty">还没有通行密钥。添加后可以在登录页免密码登录。</p>
      ) : (
        <ul className="security-list">
          {passkeys.map((p) => (
            <li key={p.id} data-testid="passkey">
              <span className="security-list-name">{p.name}</span>
              <span className="security-list-meta">
                添加于 {formatDateTime(p.createdAt)} ·{' '}
                {p.lastUsedAt ? `上次使用 ${formatDateTime(p.lastUsedAt)}` : '未使用过'}
              </span>
              <Button
                kind="dangerous"
                confirm={{ message: `删除通行密钥「${p.name}」?` }}
                onClick={async () => {
                  await call('passkeyDelete', { params: { id: p.id } });
                  await onChanged();
                }}
              >
                删除
              </Button>
            </li>
          ))}
        </ul>
      )}
      {passkeysSupported() ? (
        <form className="security-inline" onSubmit={(e) => e.preventDefault()}>
          <label>
            名称
            <input
              className="input"
              name="passkey-name"
              maxLength={60}
              placeholder="例如：我的手机"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </label>
          <Button kind="primary" type="submit" onClick={add} data-testid="passkey-add">
            添加通行密钥
          </Button>
        </form>
      ) : (
        <p className="security-empty">这个浏览器不支持通行密钥。</p>
      )}
    </div>
  );
};
