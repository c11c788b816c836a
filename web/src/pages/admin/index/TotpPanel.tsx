import type { SecurityResponse } from '@candy/contract/calls/auth';
import { useState } from 'react';
import { passkeyAssertion, passkeyCancelled, passkeysSupported } from '../../../core/passkeys.ts';
import { call } from '../../../core/request.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';

interface Enrolment {
  secret: string;
  qr: string;
}

/** TOTP set-up (QR code, first code, recovery codes shown once) and turning it off again. */
export const TotpPanel = ({
  totp,
  hasPasskeys,
  onChanged,
}: {
  totp: SecurityResponse['totp'];
  hasPasskeys: boolean;
  onChanged: () => Promise<void>;
}) => {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const enable = async () => {
    const answer = await call('totpEnable', { body: { code: code.trim() } });
    setRecoveryCodes(answer.recoveryCodes);
    setEnrolment(null);
    setCode('');
    await onChanged();
  };
  const disable = async (
    body: { code: string } | { credential: Awaited<ReturnType<typeof passkeyAssertion>> },
  ) => {
    await call('totpDisable', { body });
    setCode('');
    toast.success('两步验证已关闭');
    await onChanged();
  };

  if (recoveryCodes) {
    return (
      <div className="security-factor" data-testid="recovery-codes">
        <p>两步验证已开启。下面的恢复码只显示这一次，每个只能用一次，请抄下或存进密码管理器：</p>
        <ul className="security-codes">
          {recoveryCodes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ul>
        <Button onClick={() => setRecoveryCodes(null)} data-testid="recovery-codes-done">
          我已保存
        </Button>
      </div>
    );
  }

  if (totp.enabled) {
    return (
      <form className="security-factor" onSubmit={(e) => e.preventDefault()} data-testid="totp-on">
        <p>已开启 · 剩余恢复码 {totp.recoveryCodesLeft} 个。关闭需要当前验证码、一个恢复码或通行密钥。</p>
        <div className="security-inline">
          <label>
            验证码
            <input
              className="input"
              name="totp-code"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </label>
          <Button
            kind="dangerous"
            type="submit"
            onClick={() => disable({ code: code.trim() })}
            confirm={{ message: '关闭两步验证？之后用密码登录不再需要验证码。' }}
            data-testid="totp-disable"
          >
            关闭两步验证
          </Button>
          {hasPasskeys && passkeysSupported() && (
            <Button
              onClick={async () => {
                try {
                  await disable({ credential: await passkeyAssertion() });
                } catch (error) {
                  if (!passkeyCancelled(error)) throw error;
                }
              }}
            >
              用通行密钥关闭
            </Button>
          )}
        </div>
      </form>
    );
  }

  if (enrolment) {
    return (
      <form className="security-factor" onSubmit={(e) => e.preventDefault()} data-testid="totp-setup">
        <p>用验证器应用（如 Google Authenticator、1Password）扫描二维码，再输入它显示的 6 位验证码。</p>
        <img
          className="security-qr"
          src={enrolment.qr}
          alt="两步验证二维码"
          width={240}
          height={240}
          data-testid="totp-qr"
        />
        <p className="security-secret">
          无法扫描时手动输入密钥：<code>{enrolment.secret}</code>
        </p>
        <div className="security-inline">
          <label>
            验证码
            <input
              className="input"
              name="totp-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </label>
          <Button kind="primary" type="submit" onClick={enable} data-testid="totp-enable">
            开启
          </Button>
          <Button kind="text" onClick={() => setEnrolment(null)}>
            取消
          </Button>
        </div>
      </form>
    );
  }

  return (
    <div className="security-factor">
      <p className="security-empty">
        未开启。开启后，用密码登录还需要验证器应用里的验证码；通行密钥登录不需要。
      </p>
      <Button
        kind="primary"
        onClick={async () => setEnrolment(await call('totpSetup', { body: {} }))}
        data-testid="totp-start"
      >
        开启两步验证
      </Button>
    </div>
  );
};
