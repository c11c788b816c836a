import { powMaxNumberRange } from '@candy/contract/calls/commentModeration';
import {
  internalMetaOf,
  knownMeta,
  knownMetaOf,
  type MetaString,
  metaValueProblem,
} from '@candy/contract/calls/meta';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
import { sayContract } from '../../../i18n/contractWords.ts';
import type { t as translate } from '../../../i18n/i18n.ts';
import { useT } from '../../../i18n/useT.ts';
import { EmptyState, ErrorState, LoadingState, shortTitle } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';
import { FooterTagsEditor } from './FooterTagsEditor.tsx';

/**
 * What a known or internal string is for, in the reader's language (the contract keeps the
 * Chinese as its source). The difficulty's range is written out as plain digits, as before.
 */
const meaningOf = (t: typeof translate, group: string, key: string): string =>
  t(`admin.meta.meaning.${group}.${key}`, {
    min: String(powMaxNumberRange.min),
    max: String(powMaxNumberRange.max),
    default: String(powMaxNumberRange.default),
  });

const slug = (group: string, key: string) => `${group}-${key}`;

/** JSON values are edited indented, one item a line. */
const pretty = (kind: string | undefined, value: string): string => {
  if (kind !== 'json-footer-tags') return value;
  try {
    return JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    return value;
  }
};

/** One value: edited in place, checked against its kind before it is sent. */
const MetaEditor = ({
  group,
  keyName,
  existing,
}: {
  group: string;
  keyName: string;
  existing: MetaString | undefined;
}) => {
  const t = useT();
  const queryClient = useQueryClient();
  const known = knownMetaOf(group, keyName);
  const [value, setValue] = useState(() => pretty(known?.kind, existing?.value ?? ''));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const problem = metaValueProblem(group, keyName, value);
    if (problem) return setError(sayContract(problem));
    setError(null);
    setBusy(true);
    try {
      // The request client drops empty fields, so an empty value cannot be saved: delete the string.
      if (existing) await call('metaUpdate', { params: { id: existing.id }, body: { value } });
      else await call('metaCreate', { body: { group, key: keyName, value } });
      await queryClient.invalidateQueries({ queryKey: ['meta'] });
      toast(t('admin.meta.saved'), { type: 'success' });
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (!existing) return;
    await call('metaDelete', { params: { id: existing.id } });
    await queryClient.invalidateQueries({ queryKey: ['meta'] });
    toast(t('admin.meta.deleted'), { type: 'success' });
  };
  const multiline = !known || known.kind === 'lines' || known.kind === 'text';
  return (
    <li className="meta-item" data-testid={`meta-${slug(group, keyName)}`}>
      <div className="meta-head">
        <code>
          {group}.{keyName}
        </code>
        {!existing && <span className="muted">{t('admin.meta.unset')}</span>}
      </div>
      {known && <p className="muted meta-meaning">{meaningOf(t, group, keyName)}</p>}
      {known?.kind === 'json-footer-tags' ? (
        <FooterTagsEditor value={value || '[]'} onChange={setValue} />
      ) : known?.kind === 'flag' ? (
        <select
          className="input"
          aria-label={`${group}.${keyName}`}
          value={value || 'false'}
          onChange={(e) => setValue(e.target.value)}
        >
          <option value="false">{t('admin.meta.flag.false')}</option>
          <option value="true">{t('admin.meta.flag.true')}</option>
        </select>
      ) : multiline ? (
        <textarea
          className="input meta-value"
          data-content
          aria-label={`${group}.${keyName}`}
          value={value}
          rows={Math.min(12, Math.max(3, value.split('\n').length + 1))}
          onChange={(e) => setValue(e.target.value)}
          spellCheck={false}
        />
      ) : (
        <input
          className="input"
          aria-label={`${group}.${keyName}`}
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="admin-toolbar">
        <Button
          kind="primary"
          onClick={save}
          loading={busy}
          disabled={value === ''}
          disabledReason={t('admin.meta.emptyValue')}
          data-testid="meta-save"
        >
          {t('admin.meta.save')}
        </Button>
        {existing && (
          <Button
            kind="dangerous"
            confirm={{
              title: t('admin.meta.delete.title'),
              message: t('admin.meta.delete.question', { title: shortTitle(`${group}.${keyName}`) }),
            }}
            onClick={remove}
          >
            {t('admin.meta.delete')}
          </Button>
        )}
      </div>
    </li>
  );
};

/** A string the server keeps for itself: what it is, never editable (the server refuses too). */
const InternalItem = ({ item }: { item: MetaString }) => {
  const t = useT();
  return (
    <li className="meta-item" data-testid={`meta-${slug(item.group, item.key)}`}>
      <div className="meta-head">
        <code>
          {item.group}.{item.key}
        </code>
        <span className="muted">{t('admin.meta.readOnly')}</span>
      </div>
      {internalMetaOf(item.group, item.key) && (
        <p className="muted meta-meaning">{meaningOf(t, item.group, item.key)}</p>
      )}
      <output className="meta-readonly" data-content>
        {item.value}
      </output>
    </li>
  );
};

/** Known keys first, each with its meaning; then every other string; then a form for a new one. */
export const MetaTab = () => {
  const t = useT();
  const strings = useQuery({ queryKey: ['meta'], queryFn: () => call('metaList', {}) });
  const [group, setGroup] = useState('');
  const [key, setKey] = useState('');
  const [adding, setAdding] = useState<{ group: string; key: string } | null>(null);
  if (strings.isPending) return <LoadingState />;
  if (strings.isError) return <ErrorState error={strings.error} onRetry={() => void strings.refetch()} />;
  const find = (g: string, k: string) => strings.data.find((s) => s.group === g && s.key === k);
  const others = strings.data.filter((s) => !knownMetaOf(s.group, s.key) && !internalMetaOf(s.group, s.key));
  const internal = strings.data.filter((s) => internalMetaOf(s.group, s.key));
  return (
    <div className="meta-tab">
      <h2>{t('admin.meta.known')}</h2>
      <ul className="meta-list">
        {knownMeta.map((m) => {
          const existing = find(m.group, m.key);
          return (
            <MetaEditor
              key={`${slug(m.group, m.key)}-${existing?.updatedAt ?? 0}`}
              group={m.group}
              keyName={m.key}
              existing={existing}
            />
          );
        })}
      </ul>
      <h2>{t('admin.meta.others')}</h2>
      {others.length === 0 && !adding ? (
        <EmptyState>{t('admin.meta.others.empty')}</EmptyState>
      ) : (
        <ul className="meta-list">
          {others.map((s) => (
            <MetaEditor key={`${s.id}-${s.updatedAt}`} group={s.group} keyName={s.key} existing={s} />
          ))}
          {adding && !find(adding.group, adding.key) && (
            <MetaEditor group={adding.group} keyName={adding.key} existing={undefined} />
          )}
        </ul>
      )}
      {internal.length > 0 && (
        <>
          <h2>{t('admin.meta.internal')}</h2>
          <ul className="meta-list">
            {internal.map((s) => (
              <InternalItem key={s.id} item={s} />
            ))}
          </ul>
        </>
      )}
      <form
        className="admin-toolbar meta-new"
        onSubmit={(e) => {
          e.preventDefault();
          if (/^[\w.-]{1,64}$/.test(group) && /^[\w.-]{1,64}$/.test(key)) setAdding({ group, key });
          else toast(t('admin.meta.new.invalid'), { type: 'error' });
        }}
      >
        <input
          className="input"
          aria-label={t('admin.meta.new.group')}
          placeholder={t('admin.meta.new.group')}
          value={group}
          onChange={(e) => setGroup(e.target.value)}
        />
        <input
          className="input"
          aria-label={t('admin.meta.new.key')}
          placeholder={t('admin.meta.new.key')}
          value={key}
          onChange={(e) => setKey(e.target.value)}
        />
        <Button type="submit">{t('admin.meta.new')}</Button>
      </form>
    </div>
  );
};
