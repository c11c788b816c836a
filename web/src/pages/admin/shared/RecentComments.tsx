import type { RecentComment } from '@candy/contract/calls/comments';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../../app/router.tsx';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';
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
import { authorOf, editAsOwner, replyAsOwner, whereOf } from './commentActions.ts';
import './recentComments.css';

/**
 * The newest comments on every essay and the about page, as the owner moderates them: where each
 * stands (a link), reply as owner, edit, delete. `paged` adds page numbers; the admin home shows the
 * first ten only.
 */
export const RecentComments = ({ size = 20, paged = true }: { size?: number; paged?: boolean }) => {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const t = useT();
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
    toast(t('admin.shared.deleted'), { type: 'success' });
    await refresh();
  };

  if (comments.isPending) return <LoadingState />;
  if (comments.isError) return <ErrorState error={comments.error} onRetry={() => comments.refetch()} />;
  const { list, total } = comments.data;
  if (list.length === 0) return <EmptyState>{t('admin.shared.comments.none')}</EmptyState>;
  return (
    <>
      <ul className="recent-comments" data-testid="recent-comments">
        {list.map((c) => {
          const where = whereOf(c);
          return (
            <li key={c.id}>
              <div className="recent-comment-head">
                <strong data-content>{authorOf(c)}</strong>
                {c.isOwner && <Badge>{t('admin.shared.owner')}</Badge>}
                <span className="muted">{formatDateTime(c.createdAt)}</span>
                <Link to={where.to}>{where.label}</Link>
              </div>
              <p className="recent-comment-text" data-content>
                {c.content}
              </p>
              <div className="admin-toolbar">
                <Button kind="text" onClick={() => reply(c)}>
                  {t('admin.shared.reply')}
                </Button>
                <Button kind="text" onClick={() => edit(c)}>
                  {t('admin.shared.edit')}
                </Button>
                <Button
                  kind="dangerous"
                  confirm={{
                    title: t('admin.shared.delete.title'),
                    message: destroyQuestion(
                      t('admin.kit.delete'),
                      t('admin.shared.delete.kind', { name: authorOf(c) }),
                      {
                        id: c.id,
                        title: c.content,
                      },
                    ),
                  }}
                  onClick={() => remove(c)}
                  data-testid="comment-delete"
                >
                  {t('admin.kit.delete')}
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
