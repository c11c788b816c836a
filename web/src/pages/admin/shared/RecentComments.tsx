import type { RecentComment } from '@candy/contract/calls/comments';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../../app/router.tsx';
import { call } from '../../../core/request.ts';
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
import { toast } from '../../../ui/toast.tsx';
import { editAsOwner, replyAsOwner, whereOf } from './commentActions.ts';
import './recentComments.css';

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
    queryFn: () => call('commentRecent', { query: { page, size, status: 'all' } }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['comments'] });

  const reply = async (c: RecentComment) => (await replyAsOwner(c)) && refresh();
  const edit = async (c: RecentComment) => (await editAsOwner(c)) && refresh();
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
