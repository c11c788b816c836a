import { type FormEvent, useState } from 'react';
import { Button } from '../../../ui/Button.tsx';
import { reportError } from '../../../ui/reportError.ts';
import { chineseValidity } from '../../../ui/validity.ts';

/** The password login's second step: a code from the authenticator app, or a recovery code. */
export const SecondFactor = ({
  onSubmit,
  onBack,
}: {
  onSubmit: (code: string) => Promise<void>;
  onBack: () => void;
}) => {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || !code.trim()) return;
    setBusy(true);
    onSubmit(code.trim())
      .catch((error: unknown) => {
        reportError(error);
        setCode('');
      })
      .finally(() => setBusy(false));
  };
  return (
    <form className="contract-form" onSubmit={submit} data-testid="contract-totp">
      <p className="contract-hint">已开启两步验证：输入验证器应用里的 6 位验证码，或一个恢复码。</p>
      <label>
        验证码
        <input
          className="input"
          name="code"
          autoComplete="one-time-code"
          inputMode="text"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          required
          pattern="\d{6}|[A-Za-z0-9]{5}-[A-Za-z0-9]{5}"
          {...chineseValidity('请填写 6 位验证码或恢复码')}
        />
      </label>
      <Button kind="primary" type="submit" loading={busy} data-testid="contract-totp-submit">
        验证
      </Button>
      <Button kind="text" onClick={onBack}>
        重新输入密码
      </Button>
    </form>
  );
};
