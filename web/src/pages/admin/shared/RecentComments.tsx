import type { RecentComment } from '@candy/contract/calls/comments';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../../app/router.tsx';
import { call } from '../../../core/request.ts';
import { storage } from '../../../core/storage.ts';
import {
  Badge,
  destroyQuestion,
  EmptyState,
  ErrorState,
  formatDateTime,
  LoadingState,
  Pager,
} from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { prompt } from '../../../ui/Dialog.tsx';
import { toast } from '../../../ui/toast.tsx';
import './recentComments.css';

const whereOf = (c: RecentComment) =>
  c.targetType === 'essay'
    ? { to: `/chaos#${c.targetId}`, label: `随笔 #${c.targetId}` }
    : { to: '/about', label: '关于页' };

/**
 * The newest comments on every essay and the about page, as the owner moderates them: where each
 * stands (a link), reply as owner, edit, delete. `paged` adds page numbers; the admin home shows the
 * first ten only.
 */
export const RecentComments = ({ size = 20, paged = true }: { size?: number; paged?: boolean }) => {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const comments = useQuery({
    queryKey: ['comments', 'recent', page, size],
    queryFn: () => call('commentRecent', { query: { page, size } }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['comments'] });

  const reply = async (c: RecentComment) => {
    const content = await prompt({ title: `回复 ${c.name || '访客'}`, placeholder: '以博主身份回复' });
    if (!content.trim()) return;
    await call('commentCreate', {
      body: {
        targetType: c.targetType,
        targetId: c.targetId,
        parentId: c.id,
        content,
        guestName: storage.get().usernameCache || '博主',
      },
    });
    toast('已回复', { type: 'success' });
    await refresh();
  };
  const edit = async (c: RecentComment) => {
    const content = await prompt({ title: '编辑评论', initial: c.content });
    if (!content.trim() || content === c.content) return;
    await call('commentUpdate', { params: { id: c.id }, body: { content } });
    toast('已修改', { type: 'success' });
    await refresh();
  };
  const remove = async (c: RecentComment) => {
    await call('commentDelete', { params: { id: c.id } });
    toast('已删除', { type: 'success' });
    await refresh();
  };

  if (comments.isPending) return <LoadingState />;
  if (comments.isError) return <ErrorState error={comments.error} onRetry={() => comments.refetch()} />;
  const { list, total } = comments.data;
  if (list.length === 0) return <EmptyState>还没有评论</EmptyState>;
  return (
    <>
      <ul className="recent-comments" data-testid="recent-comments">
        {list.map((c) => {
          const where = whereOf(c);
          return (
            <li key={c.id}>
              <div className="recent-comment-head">
                <strong>{c.name || '访客'}</strong>
                {c.isOwner && <Badge>博主</Badge>}
                <span className="muted">{formatDateTime(c.createdAt)}</span>
                <Link to={where.to}>{where.label}</Link>
              </div>
              <p className="recent-comment-text">{c.content}</p>
              <div className="admin-toolbar">
                <Button kind="text" onClick={() => reply(c)}>
                  回复
                </Button>
                <Button kind="text" onClick={() => edit(c)}>
                  编辑
                </Button>
                <Button
                  kind="dangerous"
                  confirm={{
                    title: '删除评论',
                    message: destroyQuestion('删除', `${c.name || '访客'} 的评论`, {
                      id: c.id,
                      title: c.content,
                    }),
                  }}
                  onClick={() => remove(c)}
                  data-testid="comment-delete"
                >
                  删除
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      {paged && <Pager page={page} pageSize={size} total={total} onChange={setPage} />}
    </>
  );
};
