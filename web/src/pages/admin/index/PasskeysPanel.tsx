import type { PasskeyView } from '@candy/contract/calls/auth';
import { useState } from 'react';
import { passkeyCancelled, passkeyRegistration, passkeysSupported } from '../../../core/passkeys.ts';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';
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
  const t = useT();
  const add = async () => {
    try {
      const credential = await passkeyRegistration();
      await call('passkeyRegister', {
        body: { name: name.trim() || t('admin.home.passkeys.defaultName'), credential },
      });
    } catch (error) {
      if (passkeyCancelled(error)) return;
      throw error;
    }
    setName('');
    toast.success(t('admin.home.passkeys.added'));
    await onChanged();
  };
  return (
    <div className="security-factor" data-testid="passkeys">
      {passkeys.length === 0 ? (
        <p className="security-empty">{t('admin.home.passkeys.none')}</p>
      ) : (
        <ul className="security-list">
          {passkeys.map((p) => (
            <li key={p.id} data-testid="passkey">
              <span className="security-list-name" data-content>
                {p.name}
              </span>
              <span className="security-list-meta">
                {p.lastUsedAt
                  ? t('admin.home.passkeys.used', {
                      added: formatDateTime(p.createdAt),
                      used: formatDateTime(p.lastUsedAt),
                    })
                  : t('admin.home.passkeys.unused', { added: formatDateTime(p.createdAt) })}
              </span>
              <Button
                kind="dangerous"
                confirm={{ message: t('admin.home.passkeys.delete.confirm', { name: p.name }) }}
                onClick={async () => {
                  await call('passkeyDelete', { params: { id: p.id } });
                  await onChanged();
                }}
              >
                {t('admin.kit.delete')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {passkeysSupported() ? (
        <form className="security-inline" onSubmit={(e) => e.preventDefault()}>
          <label>
            {t('admin.home.passkeys.name')}
            <input
              className="input"
              name="passkey-name"
              maxLength={60}
              placeholder={t('admin.home.passkeys.name.placeholder')}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </label>
          <Button kind="primary" type="submit" onClick={add} data-testid="passkey-add">
            {t('admin.home.passkeys.add')}
          </Button>
        </form>
      ) : (
        <p className="security-empty">{t('admin.home.passkeys.unsupported')}</p>
      )}
    </div>
  );
};
