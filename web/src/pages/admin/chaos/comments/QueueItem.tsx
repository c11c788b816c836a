import type { RecentComment } from '@candy/contract/calls/comments';
import { Link } from '../../../../app/router.tsx';
import { Badge, formatDateTime } from '../../../../ui/adminKit/index.ts';
import { Button } from '../../../../ui/Button.tsx';
import { whereOf } from '../../shared/commentActions.ts';

export interface QueueItemActions {
  onApprove: (c: RecentComment) => Promise<unknown>;
  onReject: (c: RecentComment) => Promise<unknown>;
  onSpam: (c: RecentComment) => Promise<unknown>;
  onReply: (c: RecentComment) => Promise<unknown>;
  onEdit: (c: RecentComment) => Promise<unknown>;
}

const who = (c: RecentComment) => c.name || '访客';

/** One comment in the back office: selectable, its state, where it stands, and what may be done. */
export const QueueItem = ({
  comment: c,
  selected,
  onSelect,
  actions,
}: {
  comment: RecentComment;
  selected: boolean;
  onSelect: (on: boolean) => void;
  actions: QueueItemActions;
}) => {
  const where = whereOf(c);
  return (
    <li className="queue-item" data-testid="queue-item" data-comment-id={c.id} data-status={c.status}>
      <input
        type="checkbox"
        className="queue-check"
        checked={selected}
        aria-label={`选择 ${who(c)} 的评论`}
        onChange={(event) => onSelect(event.target.checked)}
      />
      <div className="queue-main">
        <div className="recent-comment-head">
          <strong>{who(c)}</strong>
          {c.isOwner && <Badge>博主</Badge>}
          {c.status === 'held' && <Badge tone="warning">待审核</Badge>}
          {c.status === 'spam' && <Badge tone="danger">垃圾</Badge>}
          <span className="muted">{formatDateTime(c.createdAt)}</span>
          <Link to={where.to}>{where.label}</Link>
        </div>
        <p className="recent-comment-text">{c.content}</p>
        <div className="admin-toolbar">
          {c.status !== 'visible' && (
            <Button kind="primary" onClick={() => actions.onApprove(c)} data-testid="queue-approve">
              通过
            </Button>
          )}
          <Button kind="text" onClick={() => actions.onReply(c)}>
            回复
          </Button>
          <Button kind="text" onClick={() => actions.onEdit(c)}>
            编辑
          </Button>
          {c.status !== 'spam' && !c.isOwner && (
            // onSpam asks itself, with the server's count of what the mark hides.
            <Button kind="text" confirm={false} onClick={() => actions.onSpam(c)} data-testid="queue-spam">
              标为垃圾
            </Button>
          )}
          <Button
            kind="dangerous"
            confirm={{ title: '拒绝评论', message: `拒绝并删除 ${who(c)} 的这条评论？删除后不能恢复。` }}
            onClick={() => actions.onReject(c)}
            data-testid="queue-reject"
          >
            拒绝
          </Button>
        </div>
      </div>
    </li>
  );
};
