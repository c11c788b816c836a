import type { RepoEntry } from '@candy/contract/calls/files';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { t } from '../../../i18n/i18n.ts';
import { useT } from '../../../i18n/useT.ts';
import { queryClient } from '../../../ui/adminKit/index.ts';
import { Dialog } from '../../../ui/DialogFrame.tsx';
import { openOverlay } from '../../../ui/overlayHost.tsx';
import { reportError } from '../../../ui/reportError.ts';
import { FolderTree } from './FolderTree.tsx';
import { joinPath, parentOf } from './repoPath.ts';

/** A name the repository accepts: no slashes, not starting with a dot. */
export const FILE_NAME = /^(?!\.)[^/\\]{1,200}$/;

/** Why `entry` cannot go to `folder` under `name` (in the active language), or null. */
export const moveProblem = (entry: RepoEntry, folder: string, name: string): string | null => {
  if (!FILE_NAME.test(name.trim())) return t('admin.files.name.problem');
  if (entry.type === 'dir' && (folder === entry.path || folder.startsWith(`${entry.path}/`)))
    return t('admin.files.move.intoItself');
  return null;
};

/**
 * 移动 (issue 41.4): the new name and a folder picked from the tree, instead of a path typed from
 * the root. Resolves with the new path (the old one when nothing changed); cancel rejects with
 * `false`, as the other dialogs do.
 */
export const chooseMove = (entry: RepoEntry, move: (to: string) => Promise<void>): Promise<string> =>
  new Promise((resolve, reject) => {
    openOverlay((close) => (
      <QueryClientProvider client={queryClient}>
        <MoveDialog
          entry={entry}
          move={move}
          onDone={(to) => {
            close();
            resolve(to);
          }}
          onCancel={() => {
            close();
            reject(false);
          }}
        />
      </QueryClientProvider>
    ));
  });

const MoveDialog = ({
  entry,
  move,
  onDone,
  onCancel,
}: {
  entry: RepoEntry;
  move: (to: string) => Promise<void>;
  onDone: (to: string) => void;
  onCancel: () => void;
}) => {
  const t = useT();
  const [folder, setFolder] = useState(parentOf(entry.path));
  const [name, setName] = useState(entry.name);
  const [busy, setBusy] = useState(false);
  const problem = moveProblem(entry, folder, name);
  // The folder goes where the message puts it, in its own element.
  const [before, after] = t('admin.files.move.to', { folder: '\u0000' }).split('\u0000');
  const to = joinPath(folder, name.trim());
  const submit = async () => {
    if (problem || busy) return;
    if (to === entry.path) return onDone(to);
    setBusy(true);
    try {
      await move(to);
      onDone(to);
    } catch (error) {
      reportError(error);
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={t('admin.files.move.title', { name: entry.name })}
      onClose={onCancel}
      className="files-move"
      footer={
        <>
          <button type="button" className="btn" onClick={onCancel}>
            {t('admin.files.move.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy || problem !== null}
            onClick={() => void submit()}
            data-testid="move-confirm"
          >
            {busy && <span className="spinner" />}
            {t('admin.files.move.confirm')}
          </button>
        </>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label className="files-move-name">
          {t('admin.files.move.name')}
          <input className="input" value={name} onChange={(e) => setName(e.target.value)} autoFocus />
        </label>
      </form>
      <p className="files-move-where">
        {before}
        <strong data-testid="move-target" data-content={folder ? true : undefined}>
          {folder || t('admin.files.root')}
        </strong>
        {after}
      </p>
      <FolderTree current={folder} onOpen={setFolder} label={t('admin.files.move.tree')} />
      {problem && <p className="field-error">{problem}</p>}
    </Dialog>
  );
};
