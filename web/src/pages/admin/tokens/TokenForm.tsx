import { type CreatedToken, TOKEN_EXPIRY_DAYS, TokenCreateInput } from '@candy/contract/calls/tokens';
import { TOKEN_MODULES, type TokenScopeKind } from '@candy/contract/tokenScope';
import { useQueryClient } from '@tanstack/react-query';
import { fieldErrorsOf } from '../../../core/errors.ts';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';
import { Field, useZodForm } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { moduleLabel } from './TokenCard.tsx';

/** The scopes offered, in order; each has a label and a hint (`admin.tokens.form.scope.<kind>[.hint]`). */
const scopes: TokenScopeKind[] = ['read', 'write', 'modules'];

/** Creates a token; checked with the contract's schema first, and again by the server. */
export const TokenForm = ({
  onCreated,
  onCancel,
}: {
  onCreated: (token: CreatedToken) => void;
  onCancel: () => void;
}) => {
  const t = useT();
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
      <h2>{t('admin.tokens.add')}</h2>
      <Field label={t('admin.tokens.form.name')} error={form.errors.name}>
        <input
          value={form.values.name}
          maxLength={60}
          placeholder={t('admin.tokens.form.name.placeholder')}
          onChange={(e) => form.set('name', e.target.value)}
          data-testid="token-name"
        />
      </Field>
      <fieldset className="token-choices">
        <legend>{t('admin.tokens.form.scope')}</legend>
        {scopes.map((kind) => (
          <label key={kind}>
            <input
              type="radio"
              name="token-scope"
              checked={form.values.scope === kind}
              onChange={() => setScope(kind)}
            />
            <span>
              {t(`admin.tokens.form.scope.${kind}`)}
              <small>{t(`admin.tokens.form.scope.${kind}.hint`)}</small>
            </span>
          </label>
        ))}
      </fieldset>
      {form.values.scope === 'modules' && (
        <fieldset className="token-choices token-modules">
          <legend>{t('admin.tokens.form.modules')}</legend>
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
              {moduleLabel(group)}
            </label>
          ))}
          {form.errors.modules && <span className="field-error">{form.errors.modules}</span>}
        </fieldset>
      )}
      <Field label={t('admin.tokens.form.expiry')} error={form.errors.expiresInDays}>
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
              {t('admin.tokens.form.days', { days })}
            </option>
          ))}
          <option value="never">{t('admin.tokens.form.never')}</option>
        </select>
      </Field>
      <div className="token-actions">
        <Button kind="primary" onClick={save} data-testid="token-save">
          {t('admin.tokens.form.create')}
        </Button>
        <Button kind="text" onClick={onCancel}>
          {t('admin.tokens.form.cancel')}
        </Button>
      </div>
    </form>
  );
};
