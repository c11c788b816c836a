import type { Emote } from '@candy/contract/calls/emotes';
import { useRef, useState } from 'react';
import { notify } from '../../core/notify.ts';
import { storage } from '../../core/storage.ts';
import { useT } from '../../i18n/useT.ts';
import { Button } from '../Button.tsx';
import { EmotePicker } from './EmotePicker.tsx';
import { commentMaxLength, guestNameMaxLength } from './limits.ts';
import { NotifyByEmail } from './NotifyByEmail.tsx';
import { refusalOf } from './refusal.ts';
import { useMailReplies } from './useMailReplies.ts';
import { useProof } from './useProof.ts';

export interface GuestFields {
  guestName?: string;
  guestEmail?: string;
  notifyByEmail?: boolean;
  /** The solved proof of work (visitors' new comments and edits). */
  proof?: string;
}

export interface CommentFormProps {
  emotes: ReadonlyMap<string, Emote>;
  onSubmit: (content: string, guest: GuestFields) => Promise<unknown>;
  onCancel?: () => void;
  /** Name and email inputs (new comments by visitors; never for edits or the owner). */
  guestFields?: boolean;
  /** Solve a proof of work before sending (visitors' new comments and edits; the widget loads on first focus). */
  proof?: boolean;
  initial?: string;
  placeholder?: string;
  submitLabel?: string;
  autoFocus?: boolean;
}

/** Inserts `text` at the caret of a textarea's value. */
export const insertAt = (value: string, text: string, start: number, end: number): string =>
  value.slice(0, start) + text + value.slice(end);

/** Writing a comment: content with emotes, optional guest name and email (remembered on this device). */
export const CommentForm = ({
  emotes,
  onSubmit,
  onCancel,
  guestFields = false,
  proof: needsProof = false,
  initial = '',
  placeholder: ownPlaceholder,
  submitLabel: ownSubmitLabel,
  autoFocus = false,
}: CommentFormProps) => {
  const t = useT();
  const placeholder = ownPlaceholder ?? t('comments.placeholder');
  const submitLabel = ownSubmitLabel ?? t('comments.submit');
  const [content, setContent] = useState(initial);
  const [guestName, setGuestName] = useState(() => storage.get().guestName);
  const [guestEmail, setGuestEmail] = useState(() => storage.get().guestEmail);
  const [notifyByEmail, setNotifyByEmail] = useState(false);
  const [refusal, setRefusal] = useState('');
  const area = useRef<HTMLTextAreaElement>(null);
  const proof = useProof(needsProof);
  const mailReplies = useMailReplies(guestFields);
  const length = content.length;
  const valid = content.trim().length > 0 && length <= commentMaxLength;

  const insertEmote = (code: string) => {
    const element = area.current;
    const start = element?.selectionStart ?? content.length;
    const end = element?.selectionEnd ?? content.length;
    setContent(insertAt(content, code, start, end));
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + code.length, start + code.length);
    });
  };

  const submit = async () => {
    if (!valid) return;
    setRefusal('');
    const guest = guestFields
      ? {
          guestName: guestName.trim() || undefined,
          guestEmail: guestEmail.trim() || undefined,
          ...(mailReplies && notifyByEmail && guestEmail.trim() ? { notifyByEmail: true } : {}),
        }
      : {};
    try {
      await proof.sendWithProof((answer) => onSubmit(content, { ...guest, proof: answer }));
    } catch (error) {
      // The text stays in the form; the reason shows under it and, as everywhere (spec §8), in a
      // toast with its `[property]: constraint` lines (the comment calls are silent for this).
      const refusal = refusalOf(error);
      setRefusal(refusal.inline);
      if (!refusal.toasted) notify('error', refusal.toast, { requestId: refusal.requestId });
      proof.renew();
      return;
    }
    proof.renew();
    if (guestFields) storage.set({ guestName: guestName.trim(), guestEmail: guestEmail.trim() });
    setContent('');
  };

  return (
    <form
      className="comment-form"
      onSubmit={(event) => {
        event.preventDefault();
      }}
      // The proof-of-work widget loads when the visitor starts writing, never with the page.
      onFocus={() => void proof.arm()?.catch(() => undefined)}
    >
      {guestFields ? (
        <div className="comment-form-guest">
          <input
            className="input"
            aria-label={t('comments.guestName')}
            placeholder={t('comments.guestName')}
            maxLength={guestNameMaxLength}
            value={guestName}
            onChange={(event) => setGuestName(event.target.value)}
          />
          <input
            className="input"
            type="email"
            aria-label={t('comments.guestEmail')}
            placeholder={t('comments.guestEmail')}
            maxLength={254}
            value={guestEmail}
            onChange={(event) => setGuestEmail(event.target.value)}
          />
          {/* Only where the site can send mail: a promise it cannot keep is not offered. */}
          {mailReplies ? (
            <NotifyByEmail checked={notifyByEmail} email={guestEmail} onChange={setNotifyByEmail} />
          ) : null}
        </div>
      ) : null}
      <textarea
        ref={area}
        className="input comment-form-content"
        aria-label={placeholder}
        placeholder={placeholder}
        rows={3}
        value={content}
        // biome-ignore lint/a11y/noAutofocus: opened on purpose by "reply" or "edit"
        autoFocus={autoFocus}
        onChange={(event) => setContent(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            area.current?.closest('form')?.querySelector<HTMLButtonElement>('.comment-form-submit')?.click();
          }
        }}
      />
      {needsProof ? <div className="proof-widget" ref={proof.container} data-testid="comment-proof" /> : null}
      {refusal ? (
        <p className="comment-form-refusal" role="alert">
          {refusal}
        </p>
      ) : null}
      <div className="comment-form-actions">
        <EmotePicker emotes={emotes} onPick={insertEmote} />
        <span className={length > commentMaxLength ? 'comment-form-count over' : 'comment-form-count'}>
          {length}/{commentMaxLength}
        </span>
        {onCancel ? (
          <Button kind="text" onClick={onCancel}>
            {t('comments.cancel')}
          </Button>
        ) : null}
        <Button kind="primary" className="comment-form-submit" disabled={!valid} onClick={submit}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
};
