import { useState } from 'react';
import { useT } from '../../../i18n/useT.ts';
import { Field } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';
import { callSealed } from '../../public/contract/sealed.ts';

const MIN_LENGTH = 8;

/** Changes the owner password; the server then ends every other session. */
export const ChangePassword = ({ onChanged }: { onChanged: () => Promise<void> }) => {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const t = useT();
  const problem =
    next && next.length < MIN_LENGTH
      ? t('admin.home.password.short', { min: MIN_LENGTH })
      : repeat && repeat !== next
        ? t('admin.home.password.mismatch')
        : null;

  const change = async () => {
    const { revokedSessions } = await callSealed('changePassword', async (seal) => ({
      password: await seal(current),
      newPassword: await seal(next),
    }));
    setCurrent('');
    setNext('');
    setRepeat('');
    toast.success(
      revokedSessions > 0
        ? t('admin.home.password.changed.others', { count: revokedSessions })
        : t('admin.home.password.changed'),
    );
    await onChanged();
  };

  return (
    <form className="security-password" onSubmit={(e) => e.preventDefault()}>
      <Field label={t('admin.home.password.current')}>
        <input
          className="input"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
      </Field>
      <Field label={t('admin.home.password.new')} error={problem}>
        <input
          className="input"
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
        />
      </Field>
      <Field label={t('admin.home.password.repeat')}>
        <input
          className="input"
          type="password"
          autoComplete="new-password"
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
        />
      </Field>
      <Button
        kind="primary"
        disabled={!current || !next || next !== repeat || problem !== null}
        disabledReason={
          !current
            ? t('admin.home.password.needCurrent')
            : !next
              ? t('admin.home.password.needNew')
              : problem !== null
                ? problem
                : t('admin.home.password.mismatch')
        }
        onClick={change}
        confirm={{ message: t('admin.home.password.confirm') }}
      >
        {t('admin.home.password')}
      </Button>
    </form>
  );
};
