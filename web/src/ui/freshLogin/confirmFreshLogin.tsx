import { type FormEvent, useState } from 'react';
import { passkeyAssertion, passkeyCancelled, passkeysSupported } from '../../core/passkeys.ts';
import { call } from '../../core/request.ts';
import { useT } from '../../i18n/useT.ts';
import { callSealed } from '../../pages/public/contract/sealed.ts';
import { Button } from '../Button.tsx';
import { Dialog } from '../DialogFrame.tsx';
import { openOverlay } from '../overlayHost.tsx';
import { reportError } from '../reportError.ts';

/**
 * The owner proves who they are again (password or passkey) when a security setting answered
 * 4037. Several calls refused at once share one dialog. Resolves once confirmed; rejects with
 * `false` (swallowed by `reportError`) when the owner closes it.
 */
let pending: Promise<void> | null = null;

export const confirmFreshLogin = (): Promise<void> => {
  pending ??= new Promise<void>((resolve, reject) => {
    openOverlay((close) => (
      <ConfirmDialog
        onDone={() => {
          close();
          resolve();
        }}
        onCancel={() => {
          close();
          reject(false);
        }}
      />
    ));
  }).finally(() => {
    pending = null;
  });
  return pending;
};

const ConfirmDialog = ({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) => {
  const t = useT();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const run = (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    work()
      .then(onDone)
      .catch((error: unknown) => {
        if (!passkeyCancelled(error)) reportError(error);
        setBusy(false);
      });
  };
  const withPassword = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return;
    run(async () => {
      await callSealed('securityConfirm', async (seal) => ({ password: await seal(password) }));
    });
  };
  const withPasskey = () =>
    run(async () => {
      const credential = await passkeyAssertion();
      await call('securityConfirm', { body: { credential } });
    });
  return (
    <Dialog title={t('freshLogin.title')} onClose={onCancel} className="fresh-login-dialog">
      <form className="fresh-login-form" onSubmit={withPassword} data-testid="fresh-login">
        <p className="dialog-message">{t('freshLogin.message')}</p>
        <label>
          {t('freshLogin.password')}
          <input
            className="input"
            type="password"
            name="password"
            autoComplete="current-password"
            autoFocus
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <div className="fresh-login-actions">
          <Button kind="primary" type="submit" loading={busy} data-testid="fresh-login-submit">
            {t('freshLogin.submit')}
          </Button>
          {passkeysSupported() && (
            <Button onClick={withPasskey} disabled={busy} data-testid="fresh-login-passkey">
              {t('freshLogin.passkey')}
            </Button>
          )}
        </div>
      </form>
    </Dialog>
  );
};
