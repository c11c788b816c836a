import { useState } from 'react';
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
  const problem =
    next && next.length < MIN_LENGTH
      ? `新密码至少 ${MIN_LENGTH} 个字符`
      : repeat && repeat !== next
        ? '两次输入的新密码不一致'
        : null;

  const change = async () => {
    const { revokedSessions } = await callSealed('changePassword', async (seal) => ({
      password: await seal(current),
      newPassword: await seal(next),
    }));
    setCurrent('');
    setNext('');
    setRepeat('');
    toast.success(revokedSessions > 0 ? `密码已修改，其他 ${revokedSessions} 个会话已退出` : '密码已修改');
    await onChanged();
  };

  return (
    <form className="security-password" onSubmit={(e) => e.preventDefault()}>
      <Field label="当前密码">
        <input
          className="input"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
      </Field>
      <Field label="新密码" error={problem}>
        <input
          className="input"
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
        />
      </Field>
      <Field label="重复新密码">
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
            ? '先填当前密码'
            : !next
              ? '先填新密码'
              : problem !== null
                ? problem
                : '两次输入的新密码不一致'
        }
        onClick={change}
        confirm={{ message: '修改密码后，其他设备上的登录都会失效。继续?' }}
      >
        修改密码
      </Button>
    </form>
  );
};
