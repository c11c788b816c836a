import type { Draft } from '@candy/contract/calls/revisions';
import { formatDateTime } from '../../../ui/adminKit/index.ts';
import type { SyncState } from './useServerDraft.ts';

const stateText: Record<SyncState, string> = {
  idle: '',
  pending: '有未保存的修改',
  saving: '草稿同步中…',
  saved: '草稿已同步到服务器',
  failed: '草稿同步失败，稍后重试',
};

/** Where the unsaved text stands. */
export const DraftStatus = ({ state, dirty }: { state: SyncState; dirty: boolean }) => (
  <span className="muted essay-draft-state" data-testid="draft-state" aria-live="polite">
    {dirty ? stateText[state === 'idle' ? 'pending' : state] : ''}
  </span>
);

/** The server draft found on opening, newer than what is saved: take it or throw it away. */
export const DraftOffer = ({
  draft,
  onTake,
  onDiscard,
}: {
  draft: Draft;
  onTake: () => void;
  onDiscard: () => void;
}) => (
  <div className="essay-draft-offer" role="status" data-testid="draft-offer">
    <span>
      服务器上有一份 {formatDateTime(draft.updatedAt)} 的草稿，比保存的内容新（{draft.content.length} 字）。
    </span>
    <span className="admin-toolbar">
      <button type="button" className="btn btn-small btn-primary" onClick={onTake} data-testid="draft-take">
        恢复草稿
      </button>
      <button type="button" className="btn btn-small" onClick={onDiscard} data-testid="draft-discard">
        丢弃
      </button>
    </span>
  </div>
);
