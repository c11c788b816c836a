import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';

/** The owner's emotes, the remote index to pick from, and a Bilibili package import. */
export const EmotesTab = () => {
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const [packageId, setPackageId] = useState('');
  const own = useQuery({ queryKey: ['emotes', 'self'], queryFn: () => call('emoteSelf', {}) });
  const remote = useQuery({
    queryKey: ['emotes', 'remote', searched],
    queryFn: () => call('emoteRemote', { query: { keyword: searched ?? '' }, silent: true }),
    enabled: searched !== null,
    retry: false,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['emotes'] });
  const pick = async (id: string) => {
    const added = await call('emoteSelect', { params: { id } });
    await refresh();
    toast(`已添加 ${added.code}`, { type: 'success' });
  };
  const remove = async (id: number, code: string) => {
    await call('emoteDelete', { params: { id } });
    await refresh();
    toast(`已删除 ${code}`, { type: 'success' });
  };
  const importPackage = async () => {
    const id = Number(packageId);
    if (!Number.isInteger(id) || id <= 0) return toast('表情包 ID 是正整数', { type: 'error' });
    const result = await call('emoteBilibili', { body: { id } });
    await refresh();
    toast(`已导入「${result.group}」${result.count} 个表情`, { type: 'success' });
  };
  return (
    <div className="emotes-tab">
      <h2>我的表情</h2>
      {own.isPending ? (
        <LoadingState />
      ) : own.isError ? (
        <ErrorState error={own.error} onRetry={() => void own.refetch()} />
      ) : own.data.length === 0 ? (
        <EmptyState>还没有自己的表情</EmptyState>
      ) : (
        <ul className="emote-grid" data-testid="own-emotes">
          {own.data.map((e) => (
            <li key={e.id} title={`${e.group} ${e.code}`}>
              <img src={e.url} alt={e.code} loading="lazy" />
              <code>{e.code}</code>
              <Button
                kind="dangerous"
                className="emote-remove"
                title={`删除 ${e.code}`}
                confirm={{
                  message: `删除表情 ${e.code}？评论里的这个代码将不再显示为图片（同名的内置表情除外）。`,
                }}
                onClick={() => remove(e.id, e.code)}
              >
                删除
              </Button>
            </li>
          ))}
        </ul>
      )}
      <h2>从表情索引挑选</h2>
      <form
        className="admin-toolbar"
        onSubmit={(e) => {
          e.preventDefault();
          setSearched(keyword.trim());
        }}
      >
        <input
          className="input"
          aria-label="搜索表情"
          placeholder="关键词"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
        />
        <Button type="submit">搜索</Button>
      </form>
      {searched !== null &&
        (remote.isPending ? (
          <LoadingState />
        ) : remote.isError ? (
          <ErrorState error={remote.error} onRetry={() => void remote.refetch()} />
        ) : remote.data.length === 0 ? (
          <EmptyState>没有找到</EmptyState>
        ) : (
          <ul className="emote-grid">
            {remote.data.map((e) => (
              <li key={e.id}>
                <img src={e.url} alt={e.name} loading="lazy" />
                <span>{e.name}</span>
                <Button disabled={e.selected} disabledReason="已经选用了" onClick={() => pick(e.id)}>
                  {e.selected ? '已添加' : '添加'}
                </Button>
              </li>
            ))}
          </ul>
        ))}
      <h2>导入 B 站表情包</h2>
      <form
        className="admin-toolbar"
        onSubmit={(e) => {
          e.preventDefault();
          void importPackage();
        }}
      >
        <input
          className="input"
          aria-label="B 站表情包 ID"
          placeholder="表情包 ID"
          inputMode="numeric"
          value={packageId}
          onChange={(e) => setPackageId(e.target.value)}
        />
        <Button type="submit">导入</Button>
      </form>
    </div>
  );
};
