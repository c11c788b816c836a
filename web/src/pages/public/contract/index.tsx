import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from '../../../app/router.tsx';
import { storage } from '../../../core/storage.ts';
import { Button } from '../../../ui/Button.tsx';
import { reportError } from '../../../ui/reportError.ts';
import { chineseValidity } from '../../../ui/validity.ts';
import './contract.css';
import { redirectTarget } from './redirectTarget.ts';
import { callSealed } from './sealed.ts';

/**
 * /contract: the owner's login. The password is sealed under the handshake key before it leaves
 * the browser; on success the key and its expiry go into the storage record and the owner goes on
 * to where they were headed (the `redirect` query) or the back office.
 */
export default function ContractPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const [username, setUsername] = useState(() => storage.get().usernameCache);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const login = async () => {
    const name = username.trim();
    if (!name || !password) return;
    const { accessKey, accessExp } = await callSealed('login', async (seal) => ({
      username: name,
      password: await seal(password),
    }));
    storage.set({ accessKey, accessExp, isExpiredGreatOldOne: false, usernameCache: name });
    setPassword('');
    void navigate(redirectTarget(search), { replace: true });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    login()
      .catch(reportError)
      .finally(() => setBusy(false));
  };

  return (
    <section className="contract-page" data-testid="contract-page">
      <h1>契约</h1>
      <p className="contract-hint">旧日支配者的入口</p>
      <form className="contract-form" onSubmit={submit}>
        <label>
          用户名
          <input
            className="input"
            name="username"
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            required
            {...chineseValidity('请填写用户名')}
          />
        </label>
        <label>
          密码
          <input
            className="input"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
            {...chineseValidity('请填写密码')}
          />
        </label>
        <Button kind="primary" type="submit" loading={busy} data-testid="contract-submit">
          签订契约
        </Button>
      </form>
    </section>
  );
}
