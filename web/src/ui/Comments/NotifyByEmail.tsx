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
  return (
    <label className={hasEmail ? 'comment-form-notify' : 'comment-form-notify muted'}>
      <input
        type="checkbox"
        checked={checked && hasEmail}
        disabled={!hasEmail}
        data-testid="notify-by-email"
        onChange={(event) => onChange(event.target.checked)}
      />
      有回复时邮件通知我
    </label>
  );
};
