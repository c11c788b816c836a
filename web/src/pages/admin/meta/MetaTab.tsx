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
import { destroyQuestion, EmptyState, ErrorState, LoadingState } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';
import { FooterTagsEditor } from './FooterTagsEditor.tsx';

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
  const queryClient = useQueryClient();
  const known = knownMetaOf(group, keyName);
  const [value, setValue] = useState(() => pretty(known?.kind, existing?.value ?? ''));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const problem = metaValueProblem(group, keyName, value);
    if (problem) return setError(problem);
    setError(null);
    setBusy(true);
    try {
      // The request client drops empty fields, so an empty value cannot be saved: delete the string.
      if (existing) await call('metaUpdate', { params: { id: existing.id }, body: { value } });
      else await call('metaCreate', { body: { group, key: keyName, value } });
      await queryClient.invalidateQueries({ queryKey: ['meta'] });
      toast('已保存', { type: 'success' });
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (!existing) return;
    await call('metaDelete', { params: { id: existing.id } });
    await queryClient.invalidateQueries({ queryKey: ['meta'] });
    toast('已删除', { type: 'success' });
  };
  const multiline = !known || known.kind === 'lines' || known.kind === 'text';
  return (
    <li className="meta-item" data-testid={`meta-${slug(group, keyName)}`}>
      <div className="meta-head">
        <code>
          {group}.{keyName}
        </code>
        {!existing && <span className="muted">（未设置）</span>}
      </div>
      {known && <p className="muted meta-meaning">{known.meaning}</p>}
      {known?.kind === 'json-footer-tags' ? (
        <FooterTagsEditor value={value || '[]'} onChange={setValue} />
      ) : known?.kind === 'flag' ? (
        <select
          className="input"
          aria-label={`${group}.${keyName}`}
          value={value || 'false'}
          onChange={(e) => setValue(e.target.value)}
        >
          <option value="false">false（关闭）</option>
          <option value="true">true（开启）</option>
        </select>
      ) : multiline ? (
        <textarea
          className="input meta-value"
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
          disabledReason="值不能为空；不要这个值就删除它"
          data-testid="meta-save"
        >
          保存
        </Button>
        {existing && (
          <Button
            kind="dangerous"
            confirm={{
              title: '删除元数据',
              message: destroyQuestion(
                '删除',
                '元数据',
                { title: `${group}.${keyName}` },
                '删除后回到默认值。',
              ),
            }}
            onClick={remove}
          >
            删除
          </Button>
        )}
      </div>
    </li>
  );
};

/** A string the server keeps for itself: what it is, never editable (the server refuses too). */
const InternalItem = ({ item }: { item: MetaString }) => (
  <li className="meta-item" data-testid={`meta-${slug(item.group, item.key)}`}>
    <div className="meta-head">
      <code>
        {item.group}.{item.key}
      </code>
      <span className="muted">（系统维护，只读）</span>
    </div>
    <p className="muted meta-meaning">{internalMetaOf(item.group, item.key)?.meaning}</p>
    <output className="meta-readonly">{item.value}</output>
  </li>
);

/** Known keys first, each with its meaning; then every other string; then a form for a new one. */
export const MetaTab = () => {
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
      <h2>站点读取的设置</h2>
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
      <h2>其它元数据</h2>
      {others.length === 0 && !adding ? (
        <EmptyState>没有其它元数据</EmptyState>
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
          <h2>系统维护的数据</h2>
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
          else toast('分组和键只含字母、数字、_ . -', { type: 'error' });
        }}
      >
        <input
          className="input"
          aria-label="分组"
          placeholder="分组"
          value={group}
          onChange={(e) => setGroup(e.target.value)}
        />
        <input
          className="input"
          aria-label="键"
          placeholder="键"
          value={key}
          onChange={(e) => setKey(e.target.value)}
        />
        <Button type="submit">新建</Button>
      </form>
    </div>
  );
};
