import { type CreatedToken, TOKEN_EXPIRY_DAYS, TokenCreateInput } from '@candy/contract/calls/tokens';
import { TOKEN_MODULES, type TokenScopeKind, tokenModuleLabel } from '@candy/contract/tokenScope';
import { useQueryClient } from '@tanstack/react-query';
import { fieldErrorsOf } from '../../../core/errors.ts';
import { call } from '../../../core/request.ts';
import { Field, useZodForm } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';

const scopes: { kind: TokenScopeKind; label: string; hint: string }[] = [
  { kind: 'read', label: '只读', hint: '只能读取，任何修改都会被拒绝' },
  { kind: 'write', label: '读写', hint: '可以修改所有内容（安全设置除外）' },
  { kind: 'modules', label: '按模块写入', hint: '都能读，只能修改下面选中的模块' },
];

/** Creates a token; checked with the contract's schema first, and again by the server. */
export const TokenForm = ({
  onCreated,
  onCancel,
}: {
  onCreated: (token: CreatedToken) => void;
  onCancel: () => void;
}) => {
  const client = useQueryClient();
  const form = useZodForm(TokenCreateInput, { name: '', scope: 'read', modules: [], expiresInDays: 90 });
  const chosen = new Set(form.values.modules ?? []);

  const setScope = (kind: TokenScopeKind) => {
    form.set('scope', kind);
    if (kind !== 'modules') form.set('modules', []);
  };

  const save = async () => {
    const body = form.validate();
    if (!body) return;
    try {
      const token = await call('tokenCreate', { body });
      await client.invalidateQueries({ queryKey: ['tokens'] });
      onCreated(token);
    } catch (error) {
      form.setErrors(fieldErrorsOf(error, /\.\d+$/));
      throw error;
    }
  };

  return (
    <form
      className="token-form"
      data-testid="token-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save().catch(() => {});
      }}
    >
      <h2>新建令牌</h2>
      <Field label="名称" error={form.errors.name}>
        <input
          value={form.values.name}
          maxLength={60}
          placeholder="例如：备份脚本"
          onChange={(e) => form.set('name', e.target.value)}
          data-testid="token-name"
        />
      </Field>
      <fieldset className="token-choices">
        <legend>权限范围</legend>
        {scopes.map((scope) => (
          <label key={scope.kind}>
            <input
              type="radio"
              name="token-scope"
              checked={form.values.scope === scope.kind}
              onChange={() => setScope(scope.kind)}
            />
            <span>
              {scope.label}
              <small>{scope.hint}</small>
            </span>
          </label>
        ))}
      </fieldset>
      {form.values.scope === 'modules' && (
        <fieldset className="token-choices token-modules">
          <legend>可写的模块</legend>
          {TOKEN_MODULES.map((group) => (
            <label key={group}>
              <input
                type="checkbox"
                checked={chosen.has(group)}
                onChange={(e) =>
                  form.set(
                    'modules',
                    e.target.checked ? [...chosen, group] : [...chosen].filter((g) => g !== group),
                  )
                }
              />
              {tokenModuleLabel(group)}
            </label>
          ))}
          {form.errors.modules && <span className="field-error">{form.errors.modules}</span>}
        </fieldset>
      )}
      <Field label="有效期" error={form.errors.expiresInDays}>
        <select
          value={form.values.expiresInDays ?? 'never'}
          onChange={(e) =>
            form.set(
              'expiresInDays',
              e.target.value === 'never'
                ? null
                : (Number(e.target.value) as (typeof TOKEN_EXPIRY_DAYS)[number]),
            )
          }
          data-testid="token-expiry"
        >
          {TOKEN_EXPIRY_DAYS.map((days) => (
            <option key={days} value={days}>
              {days} 天
            </option>
          ))}
          <option value="never">永不过期</option>
        </select>
      </Field>
      <div className="token-actions">
        <Button kind="primary" onClick={save} data-testid="token-save">
          创建
        </Button>
        <Button kind="text" onClick={onCancel}>
          取消
        </Button>
      </div>
    </form>
  );
};
