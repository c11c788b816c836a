import type { Draft } from '@candy/contract/calls/revisions';
import { useT } from '../../../i18n/useT.ts';
import { formatDateTime } from '../../../ui/adminKit/index.ts';
import type { SyncState } from './useServerDraft.ts';

/** Where the unsaved text stands (`idle` while dirty: not sent yet). */
export const DraftStatus = ({ state, dirty }: { state: SyncState; dirty: boolean }) => {
  const t = useT();
  return (
    <span className="muted essay-draft-state" data-testid="draft-state" aria-live="polite">
      {dirty ? t(`admin.desk.draft.${state === 'idle' ? 'pending' : state}`) : ''}
    </span>
  );
};

/** The server draft found on opening, newer than what is saved: take it or throw it away. */
export const DraftOffer = ({
  draft,
  onTake,
  onDiscard,
}: {
  draft: Draft;
  onTake: () => void;
  onDiscard: () => void;
}) => {
  const t = useT();
  return (
    <div className="essay-draft-offer" role="status" data-testid="draft-offer">
      <span>
        {t('admin.desk.draft.offer', { time: formatDateTime(draft.updatedAt), count: draft.content.length })}
      </span>
      <span className="admin-toolbar">
        <button type="button" className="btn btn-small btn-primary" onClick={onTake} data-testid="draft-take">
          {t('admin.desk.draft.take')}
        </button>
        <button type="button" className="btn btn-small" onClick={onDiscard} data-testid="draft-discard">
          {t('admin.desk.draft.discard')}
        </button>
      </span>
    </div>
  );
};
