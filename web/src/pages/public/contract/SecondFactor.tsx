import { type FormEvent, useState } from 'react';
import { useT } from '../../../i18n/useT.ts';
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
  const t = useT();
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
      <p className="contract-hint">{t('contract.totp.hint')}</p>
      <label>
        {t('contract.totp.code')}
        <input
          className="input"
          name="code"
          autoComplete="one-time-code"
          inputMode="text"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          required
          pattern="\d{6}|[A-Za-z0-9]{5}-[A-Za-z0-9]{5}"
          {...chineseValidity(t('contract.totp.missing'))}
        />
      </label>
      <Button kind="primary" type="submit" loading={busy} data-testid="contract-totp-submit">
        {t('contract.totp.submit')}
      </Button>
      <Button kind="text" onClick={onBack}>
        {t('contract.totp.back')}
      </Button>
    </form>
  );
};
