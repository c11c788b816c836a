import type { CreatedToken } from '@candy/contract/calls/tokens';
import { rich } from '../../../i18n/rich.tsx';
import { useT } from '../../../i18n/useT.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';

/** The new token's secret: shown this once (only its digest is stored), with a copy button. */
export const NewSecret = ({ token, onDone }: { token: CreatedToken; onDone: () => void }) => {
  const t = useT();
  const copy = async () => {
    await navigator.clipboard.writeText(token.secret);
    toast.success(t('admin.tokens.copied'));
  };
  return (
    <section className="token-secret" role="alert" data-testid="token-secret-panel">
      <h2>{rich(t, 'admin.tokens.secret.title', { name: <span data-content>{token.name}</span> })}</h2>
      <p className="token-warning">{t('admin.tokens.secret.warning')}</p>
      <code className="token-secret-value" data-testid="token-secret">
        {token.secret}
      </code>
      <div className="token-actions">
        <Button kind="primary" onClick={copy} data-testid="token-copy">
          {t('admin.tokens.secret.copy')}
        </Button>
        <Button kind="text" onClick={onDone} data-testid="token-secret-done">
          {t('admin.tokens.secret.done')}
        </Button>
      </div>
    </section>
  );
};
