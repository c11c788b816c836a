import { useT } from '../../i18n/useT.ts';

/** 有回复时邮件通知我 (issue 25.3): only with an address to write to. */
export const NotifyByEmail = ({
  checked,
  email,
  onChange,
}: {
  checked: boolean;
  email: string;
  onChange: (checked: boolean) => void;
}) => {
  const hasEmail = email.trim() !== '';
  const t = useT();
  return (
    <label className={hasEmail ? 'comment-form-notify' : 'comment-form-notify muted'}>
      <input
        type="checkbox"
        checked={checked && hasEmail}
        disabled={!hasEmail}
        data-testid="notify-by-email"
        onChange={(event) => onChange(event.target.checked)}
      />
      {t('comments.notifyByEmail')}
    </label>
  );
};
