import type { CreatedToken } from '@candy/contract/calls/tokens';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';

/** The new token's secret: shown this once (only its digest is stored), with a copy button. */
export const NewSecret = ({ token, onDone }: { token: CreatedToken; onDone: () => void }) => {
  const copy = async () => {
    await navigator.clipboard.writeText(token.secret);
    toast.success('令牌已复制');
  };
  return (
    <section className="token-secret" role="alert" data-testid="token-secret-panel">
      <h2>令牌「{token.name}」已创建</h2>
      <p className="token-warning">
        这是唯一一次显示它：离开或关闭后无法再查看，丢了只能撤销后重建。请现在复制并妥善保存，不要提交到代码仓库。
      </p>
      <code className="token-secret-value" data-testid="token-secret">
        {token.secret}
      </code>
      <div className="token-actions">
        <Button kind="primary" onClick={copy} data-testid="token-copy">
          复制
        </Button>
        <Button kind="text" onClick={onDone} data-testid="token-secret-done">
          我已保存
        </Button>
      </div>
    </section>
  );
};
