import type { RecentComment } from '@candy/contract/calls/comments';
import { Link } from '../../../../app/router.tsx';
import { t } from '../../../../i18n/i18n.ts';
import { useT } from '../../../../i18n/useT.ts';
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

/** The commenter's name, or the word for one without. */
const who = (c: RecentComment) => c.name || t('admin.desk.comments.visitor');

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
  const t = useT();
  const where = whereOf(c);
  return (
    <li className="queue-item" data-testid="queue-item" data-comment-id={c.id} data-status={c.status}>
      <input
        type="checkbox"
        className="queue-check"
        checked={selected}
        aria-label={t('admin.desk.comments.select', { name: who(c) })}
        onChange={(event) => onSelect(event.target.checked)}
      />
      <div className="queue-main">
        <div className="recent-comment-head">
          <strong data-content={c.name ? true : undefined}>{who(c)}</strong>
          {c.isOwner && <Badge>{t('admin.desk.comments.owner')}</Badge>}
          {c.status === 'held' && <Badge tone="warning">{t('admin.desk.comments.held')}</Badge>}
          {c.status === 'spam' && <Badge tone="danger">{t('admin.desk.comments.spamBadge')}</Badge>}
          <span className="muted">{formatDateTime(c.createdAt)}</span>
          <Link to={where.to}>{where.label}</Link>
        </div>
        <p className="recent-comment-text" data-content>
          {c.content}
        </p>
        <div className="admin-toolbar">
          {c.status !== 'visible' && (
            <Button kind="primary" onClick={() => actions.onApprove(c)} data-testid="queue-approve">
              {t('admin.desk.comments.approve')}
            </Button>
          )}
          <Button kind="text" onClick={() => actions.onReply(c)}>
            {t('admin.desk.comments.reply')}
          </Button>
          <Button kind="text" onClick={() => actions.onEdit(c)}>
            {t('admin.desk.edit')}
          </Button>
          {c.status !== 'spam' && !c.isOwner && (
            // onSpam asks itself, with the server's count of what the mark hides.
            <Button kind="text" confirm={false} onClick={() => actions.onSpam(c)} data-testid="queue-spam">
              {t('admin.desk.comments.spam')}
            </Button>
          )}
          <Button
            kind="dangerous"
            confirm={{
              title: t('admin.desk.comments.reject.title'),
              message: t('admin.desk.comments.reject.message', { name: who(c) }),
            }}
            onClick={() => actions.onReject(c)}
            data-testid="queue-reject"
          >
            {t('admin.desk.comments.reject')}
          </Button>
        </div>
      </div>
    </li>
  );
};
