import type { LoginSession } from '@candy/contract/calls/auth';
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from '../../../app/router.tsx';
import { passkeyAssertion, passkeyCancelled, passkeysSupported } from '../../../core/passkeys.ts';
import { call } from '../../../core/request.ts';
import { storage } from '../../../core/storage.ts';
import { Button } from '../../../ui/Button.tsx';
import { reportError } from '../../../ui/reportError.ts';
import { chineseValidity } from '../../../ui/validity.ts';
import './contract.css';
import { redirectTarget } from './redirectTarget.ts';
import { SecondFactor } from './SecondFactor.tsx';
import { callSealed } from './sealed.ts';

/**
 * /contract: the owner's login. The password is sealed under the handshake key before it leaves
 * the browser; with TOTP on, a second step asks for the code. A passkey logs in alone. On success
 * the key and its expiry go into the storage record and the owner goes on to where they were
 * headed (the `redirect` query) or the back office.
 */
export default function ContractPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const [username, setUsername] = useState(() => storage.get().usernameCache);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [ticket, setTicket] = useState<string | null>(null);

  const enter = ({ accessKey, accessExp }: LoginSession, name = username.trim()) => {
    storage.set({ accessKey, accessExp, isExpiredGreatOldOne: false, usernameCache: name });
    setPassword('');
    void navigate(redirectTarget(search), { replace: true });
  };

  const login = async () => {
    const name = username.trim();
    if (!name || !password) return;
    const answer = await callSealed('login', async (seal) => ({
      username: name,
      password: await seal(password),
    }));
    if ('secondFactor' in answer) setTicket(answer.ticket);
    else enter(answer, name);
  };

  const withPasskey = async () => {
    try {
      const credential = await passkeyAssertion();
      enter(await call('passkeyLogin', { body: { credential } }));
    } catch (error) {
      if (!passkeyCancelled(error)) throw error;
    }
  };

  const run = (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    work()
      .catch(reportError)
      .finally(() => setBusy(false));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(login);
  };

  if (ticket) {
    return (
      <section className="contract-page" data-testid="contract-page">
        <h1>契约</h1>
        <SecondFactor
          onSubmit={async (code) => enter(await call('loginTotp', { body: { ticket, code } }))}
          onBack={() => setTicket(null)}
        />
      </section>
    );
  }

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
            autoComplete="username webauthn"
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
        {passkeysSupported() && (
          <Button onClick={() => run(withPasskey)} disabled={busy} data-testid="contract-passkey">
            用通行密钥登录
          </Button>
        )}
      </form>
    </section>
  );
}
