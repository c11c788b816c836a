import type { LoginSession } from '@candy/contract/calls/auth';
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from '../../../app/router.tsx';
import { resetHandshake } from '../../../core/handshake.ts';
import { passkeyAssertion, passkeyCancelled, passkeysSupported } from '../../../core/passkeys.ts';
import { call, RequestError, shown } from '../../../core/request.ts';
import { storage } from '../../../core/storage.ts';
import { useT } from '../../../i18n/useT.ts';
import { Button } from '../../../ui/Button.tsx';
import { useProof } from '../../../ui/Comments/useProof.ts';
import { reportError } from '../../../ui/reportError.ts';
import { chineseValidity } from '../../../ui/validity.ts';
import './contract.css';
import { needsProof } from './loginProof.ts';
import { redirectTarget } from './redirectTarget.ts';
import { SecondFactor } from './SecondFactor.tsx';
import { callSealed } from './sealed.ts';

/**
 * /contract: the owner's login. The password is sealed under the handshake key before it leaves
 * the browser; with TOTP on, a second step asks for the code. A passkey logs in alone. After
 * repeated failures the server asks a password login for a proof of work (4038, issue 40.4): the
 * page solves the comment form's ALTCHA challenge, showing its progress, and sends again. On success
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
  const proofs = useProof(true);
  /** What the page says while it solves a proof of work; null when none is under way. */
  const [proofNote, setProofNote] = useState<string | null>(null);
  const t = useT();

  const enter = ({ accessKey, accessExp }: LoginSession, name = username.trim()) => {
    storage.set({ accessKey, accessExp, isExpiredGreatOldOne: false, usernameCache: name });
    setPassword('');
    void navigate(redirectTarget(search), { replace: true });
  };

  /** Sends the password, with a proof of work when the server asks for one (twice at most). */
  const login = async () => {
    const name = username.trim();
    if (!name || !password) return;
    let proof: string | undefined;
    for (let tries = 0; ; tries += 1) {
      try {
        const answer = await callSealed(
          'login',
          async (seal) => ({ username: name, password: await seal(password), ...(proof ? { proof } : {}) }),
          // Silent: a 4038 is answered by solving, not shown; any other refusal is shown below.
          { silent: true },
        );
        setProofNote(null);
        if ('secondFactor' in answer) setTicket(answer.ticket);
        else enter(answer, name);
        return;
      } catch (error) {
        // A proof is accepted once, whatever the answer: the widget starts on the next at once.
        if (proof) proofs.renew();
        proof = undefined;
        if (!needsProof(error) || tries >= 2) {
          setProofNote(null);
          throw error instanceof RequestError ? shown(error, false) : error;
        }
        // The refused login used up the handshake: the retry knocks again.
        resetHandshake();
        setProofNote(t('contract.proof.solving'));
        proof = await proofs.take();
        setProofNote(t('contract.proof.done'));
      }
    }
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
        <h1>{t('title.contract')}</h1>
        <SecondFactor
          onSubmit={async (code) => enter(await call('loginTotp', { body: { ticket, code } }))}
          onBack={() => setTicket(null)}
        />
      </section>
    );
  }

  return (
    <section className="contract-page" data-testid="contract-page">
      <h1>{t('title.contract')}</h1>
      <p className="contract-hint">{t('contract.hint')}</p>
      <form className="contract-form" onSubmit={submit}>
        <label>
          {t('contract.username')}
          <input
            className="input"
            name="username"
            autoComplete="username webauthn"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            required
            {...chineseValidity(t('contract.username.missing'))}
          />
        </label>
        <label>
          {t('contract.password')}
          <input
            className="input"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
            {...chineseValidity(t('contract.password.missing'))}
          />
        </label>
        <Button kind="primary" type="submit" loading={busy} data-testid="contract-submit">
          {t('contract.submit')}
        </Button>
        {/* The ALTCHA widget, mounted only when a proof is asked for; it shows its own progress. */}
        <div ref={proofs.container} className="proof-widget" />
        {proofNote && (
          <p className="contract-proof-note" role="status" data-testid="contract-proof">
            {proofNote}
          </p>
        )}
        {passkeysSupported() && (
          <Button onClick={() => run(withPasskey)} disabled={busy} data-testid="contract-passkey">
            {t('contract.passkey')}
          </Button>
        )}
      </form>
    </section>
  );
}
