import type { SecurityResponse } from '@candy/contract/calls/auth';
import { useState } from 'react';
import { passkeyAssertion, passkeyCancelled, passkeysSupported } from '../../../core/passkeys.ts';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';
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
  const t = useT();

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
    toast.success(t('admin.home.totp.disabled'));
    await onChanged();
  };

  if (recoveryCodes) {
    return (
      <div className="security-factor" data-testid="recovery-codes">
        <p>{t('admin.home.totp.codes')}</p>
        <ul className="security-codes">
          {recoveryCodes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ul>
        <Button onClick={() => setRecoveryCodes(null)} data-testid="recovery-codes-done">
          {t('admin.home.totp.codes.saved')}
        </Button>
      </div>
    );
  }

  if (totp.enabled) {
    return (
      <form className="security-factor" onSubmit={(e) => e.preventDefault()} data-testid="totp-on">
        <p>{t('admin.home.totp.on', { count: totp.recoveryCodesLeft })}</p>
        <div className="security-inline">
          <label>
            {t('admin.home.totp.code')}
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
            confirm={{ message: t('admin.home.totp.disable.confirm') }}
            data-testid="totp-disable"
          >
            {t('admin.home.totp.disable')}
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
              {t('admin.home.totp.disable.passkey')}
            </Button>
          )}
        </div>
      </form>
    );
  }

  if (enrolment) {
    return (
      <form className="security-factor" onSubmit={(e) => e.preventDefault()} data-testid="totp-setup">
        <p>{t('admin.home.totp.scan')}</p>
        <img
          className="security-qr"
          src={enrolment.qr}
          alt={t('admin.home.totp.qr')}
          width={240}
          height={240}
          data-testid="totp-qr"
        />
        <p className="security-secret">
          {t('admin.home.totp.secret')}
          <code>{enrolment.secret}</code>
        </p>
        <div className="security-inline">
          <label>
            {t('admin.home.totp.code')}
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
            {t('admin.home.totp.enable')}
          </Button>
          <Button kind="text" onClick={() => setEnrolment(null)}>
            {t('admin.home.totp.cancel')}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <div className="security-factor">
      <p className="security-empty">{t('admin.home.totp.off')}</p>
      <Button
        kind="primary"
        onClick={async () => setEnrolment(await call('totpSetup', { body: {} }))}
        data-testid="totp-start"
      >
        {t('admin.home.totp.start')}
      </Button>
    </div>
  );
};
