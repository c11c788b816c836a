import { useEffect, useId, useState } from 'react';
import { isOffline } from '../../core/appState.ts';
import { fullMessage } from '../../core/errors.ts';
import { notify } from '../../core/notify.ts';
import { call } from '../../core/request.ts';
import { Button } from '../Button.tsx';
import { refusalOf } from '../Comments/refusal.ts';
import { useProof } from '../Comments/useProof.ts';
import type { SubscribePlace } from './SubscribeSlot.tsx';
import { subscribeOpen } from './subscribeOpen.ts';
import './subscribe.css';
import { issueText } from '../../i18n/contractWords.ts';
import { spec, t } from '../../i18n/i18n.ts';
import { useT } from '../../i18n/useT.ts';

// `subscribe.accepted` is the one answer, whether or not the address was known: the answer tells
// nobody who subscribed. The intro differs by place (`subscribe.intro.<place>`).

/** The address checked with the contract's schema; zod loads only now, never with a visitor's page. */
const checkAddress = async (email: string): Promise<string | null> => {
  const { NewsletterSubscribeBody } = await import('@candy/contract/calls/newsletter');
  const parsed = NewsletterSubscribeBody.safeParse({ email });
  const issue = parsed.error?.issues[0];
  return parsed.success ? null : issue ? issueText(issue) : t('subscribe.badAddress');
};

/**
 * Subscribing by e-mail (issue 43): an address and the comment form's proof of work (ALTCHA, solved
 * in the page while the visitor types), then one sentence that is the same for every address.
 */
export default function SubscribeForm({ place }: { place: SubscribePlace }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const t = useT();
  const [refusal, setRefusal] = useState('');
  const [accepted, setAccepted] = useState(false);
  const proof = useProof(open);
  const id = useId();

  useEffect(() => {
    let live = true;
    void subscribeOpen().then((answer) => {
      if (live) setOpen(answer);
    });
    return () => {
      live = false;
    };
  }, []);

  if (!open) return null;

  const refuse = (inline: string, toast: string, requestId?: string) => {
    setRefusal(inline);
    notify('error', toast, { requestId });
  };

  const submit = async () => {
    setRefusal('');
    const address = email.trim();
    const wrong = await checkAddress(address);
    // The spec's toast as for a refusal by the server: the message, then `[email]: constraint`.
    if (wrong)
      return refuse(wrong, fullMessage(wrong, [{ property: 'email', constraints: { email: wrong } }]));
    try {
      await proof.sendWithProof((answer) =>
        call('newsletterSubscribe', { body: { email: address, proof: answer }, silent: true }),
      );
    } catch (error) {
      const why = refusalOf(error);
      // Offline the comment wording does not fit: nothing is sent, say only that.
      if (isOffline()) return refuse(spec('offlineWrite'), spec('offlineWrite'));
      if (why.toasted) setRefusal(why.inline);
      else refuse(why.inline, why.toast, why.requestId);
      proof.renew();
      return;
    }
    setAccepted(true);
  };

  if (accepted)
    return (
      <p className={`subscribe subscribe-${place} subscribe-done`} role="status" data-testid="subscribe-done">
        {t('subscribe.accepted')}
      </p>
    );

  return (
    <form
      className={`subscribe subscribe-${place}`}
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => event.preventDefault()}
      // The proof of work starts when the visitor starts typing, never with the page.
      onFocus={() => void proof.arm()?.catch(() => undefined)}
    >
      <p className="subscribe-title" id={`${id}-title`}>
        {t(`subscribe.intro.${place}`)}
      </p>
      <div className="subscribe-row">
        <input
          className="input subscribe-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          aria-label={t('subscribe.email')}
          placeholder={t('subscribe.email.placeholder')}
          maxLength={254}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              event.currentTarget.form?.querySelector<HTMLButtonElement>('.subscribe-submit')?.click();
            }
          }}
        />
        <Button kind="primary" className="subscribe-submit" disabled={!email.trim()} onClick={submit}>
          {t('subscribe.submit')}
        </Button>
      </div>
      <div className="proof-widget" ref={proof.container} data-testid="subscribe-proof" />
      {refusal ? (
        <p className="subscribe-refusal" role="alert">
          {refusal}
        </p>
      ) : null}
      <p className="subscribe-note">{t('subscribe.note')}</p>
    </form>
  );
}
