import type { Emote } from '@candy/contract/calls/emotes';
import { useRef, useState } from 'react';
import { storage } from '../../core/storage.ts';
import { Button } from '../Button.tsx';
import { EmotePicker } from './EmotePicker.tsx';
import { commentMaxLength, guestNameMaxLength } from './limits.ts';
import { NotifyByEmail } from './NotifyByEmail.tsx';

export interface GuestFields {
  guestName?: string;
  guestEmail?: string;
  notifyByEmail?: boolean;
}

export interface CommentFormProps {
  emotes: ReadonlyMap<string, Emote>;
  onSubmit: (content: string, guest: GuestFields) => Promise<unknown>;
  onCancel?: () => void;
  /** Name and email inputs (new comments by visitors; never for edits or the owner). */
  guestFields?: boolean;
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
  initial = '',
  placeholder = '说点什么吧',
  submitLabel = '发表',
  autoFocus = false,
}: CommentFormProps) => {
  const [content, setContent] = useState(initial);
  const [guestName, setGuestName] = useState(() => storage.get().guestName);
  const [guestEmail, setGuestEmail] = useState(() => storage.get().guestEmail);
  const [notifyByEmail, setNotifyByEmail] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
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
    const guest = guestFields
      ? {
          guestName: guestName.trim() || undefined,
          guestEmail: guestEmail.trim() || undefined,
          ...(notifyByEmail && guestEmail.trim() ? { notifyByEmail: true } : {}),
        }
      : {};
    await onSubmit(content, guest);
    if (guestFields) storage.set({ guestName: guestName.trim(), guestEmail: guestEmail.trim() });
    setContent('');
  };

  return (
    <form
      className="comment-form"
      onSubmit={(event) => {
        event.preventDefault();
      }}
    >
      {guestFields ? (
        <div className="comment-form-guest">
          <input
            className="input"
            aria-label="昵称（可选）"
            placeholder="昵称（可选）"
            maxLength={guestNameMaxLength}
            value={guestName}
            onChange={(event) => setGuestName(event.target.value)}
          />
          <input
            className="input"
            type="email"
            aria-label="邮箱（可选，不公开）"
            placeholder="邮箱（可选，不公开）"
            maxLength={254}
            value={guestEmail}
            onChange={(event) => setGuestEmail(event.target.value)}
          />
          <NotifyByEmail checked={notifyByEmail} email={guestEmail} onChange={setNotifyByEmail} />
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
      <div className="comment-form-actions">
        <EmotePicker emotes={emotes} onPick={insertEmote} />
        <span className={length > commentMaxLength ? 'comment-form-count over' : 'comment-form-count'}>
          {length}/{commentMaxLength}
        </span>
        {onCancel ? (
          <Button kind="text" onClick={onCancel}>
            取消
          </Button>
        ) : null}
        <Button kind="primary" className="comment-form-submit" disabled={!valid} onClick={submit}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
};
