import type { RepoEntry } from '@candy/contract/calls/files';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RequestError } from '../../../core/errors.ts';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';
import {
  AdminPage,
  Badge,
  type Column,
  DataTable,
  DropZone,
  formatBytes,
  relativeTime,
  UploadList,
  useUploads,
} from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { prompt } from '../../../ui/Dialog.tsx';
import { toast } from '../../../ui/toast.tsx';
import { CommitLog } from './CommitLog.tsx';
import { FolderTree } from './FolderTree.tsx';
import { HistoryPanel } from './HistoryPanel.tsx';
import { chooseMove, FILE_NAME } from './MoveDialog.tsx';
import { Preview } from './Preview.tsx';
import { crumbsOf, joinPath, nameOf, parentOf } from './repoPath.ts';
import { ShareBlob } from './ShareBlob.tsx';
import { StagedPanel } from './StagedPanel.tsx';
import './deathnote.css';

/** A folder or a file, drawn (emoji fonts are not everywhere). */
const EntryIcon = ({ folder }: { folder: boolean }) => (
  <svg className="files-icon" viewBox="0 0 16 16" aria-hidden="true">
    {folder ? <path d="M1.5 3.5h4l1.5 1.5h7.5v8h-13z" /> : <path d="M3.5 1.5h6l3 3v10h-9z M9.5 1.5v3h3" />}
  </svg>
);

/**
 * 文件 (issue 14): the owner's files in a git repository. Uploads, new folders, moves and deletions
 * are staged; one commit takes them all (and pushes to the remote). A file opens with its preview
 * and its history, any version of which can be restored.
 */
export default function Page() {
  const t = useT();
  const client = useQueryClient();
  const [folder, setFolder] = useState('');
  const [selected, setSelected] = useState<RepoEntry | null>(null);
  const [version, setVersion] = useState<string | undefined>();
  /** Browsing the files as they were at this commit (read-only; files can be restored from it). */
  const [atCommit, setAtCommit] = useState<string | undefined>();
  const uploads = useUploads();
  const listing = useQuery({
    queryKey: ['files', 'content', folder, atCommit ?? 'HEAD'],
    // Silent: a failure shows in the table, and a folder whose creation was undone is left for the
    // one above without a word (issue 41.4).
    queryFn: () =>
      call('filesContent', { query: { path: folder, ...(atCommit ? { ref: atCommit } : {}) }, silent: true }),
  });
  const entries = listing.data?.kind === 'dir' ? listing.data.entries : undefined;
  const stagedFolder = listing.data?.kind === 'dir' && listing.data.staged === true;
  // The folder shown is gone (a new folder whose creation was undone): show the one above it.
  const gone = listing.error instanceof RequestError && listing.error.code === 4040 && folder !== '';
  useEffect(() => {
    if (gone && !atCommit) setFolder(parentOf(folder));
  }, [gone, atCommit, folder]);
  const refresh = () => client.invalidateQueries({ queryKey: ['files'] });
  // A value in its own element where the whole message puts it.
  const MARK = '\u0000';
  const atCommitText = t('admin.files.atCommit', { hash: MARK }).split(MARK);
  const dropText = t('admin.files.drop', { folder: MARK }).split(MARK);
  const open = (path: string) => {
    setFolder(path);
    setSelected(null);
    setVersion(undefined);
  };

  const upload = async (files: File[]) => {
    const done = await uploads.run(files, (file, upload) =>
      call('filesStage', {
        form: { path: joinPath(folder, file.name), file },
        ...upload,
      }),
    );
    await refresh();
    if (done.length > 0) toast.success(t('admin.files.uploaded', { count: done.length }));
  };
  const newFolder = async () => {
    const name = await prompt({
      title: t('admin.files.newFolder'),
      placeholder: t('admin.files.newFolder.placeholder'),
      pattern: FILE_NAME,
      error: t('admin.files.name.problem'),
    });
    await call('filesMkdir', { body: { path: joinPath(folder, name.trim()) } });
    await refresh();
    open(joinPath(folder, name.trim()));
  };
  const move = async (entry: RepoEntry) => {
    const to = await chooseMove(entry, async (to) => {
      await call('filesMove', { body: { from: entry.path, to } });
    });
    if (to === entry.path) return;
    await refresh();
    toast.success(t('admin.files.move.done', { folder: parentOf(to) || t('admin.files.root') }));
  };
  const remove = async (entry: RepoEntry) => {
    if (entry.type === 'dir') {
      const message = await prompt({
        title: t('admin.files.deleteFolder.title', { name: entry.name }),
        message: t('admin.files.deleteFolder.message'),
        initial: t('admin.files.deleteFolder.initial', { path: entry.path }),
      });
      await call('filesDeleteDir', { body: { path: entry.path, message } });
      toast.success(t('admin.files.deleteFolder.done'));
    } else {
      await call('filesRemove', { body: { path: entry.path } });
      toast.success(t('admin.files.delete.staged'));
    }
    if (selected?.path === entry.path) setSelected(null);
    await refresh();
  };

  const columns: Column<RepoEntry>[] = [
    {
      key: 'name',
      title: t('admin.files.column.name'),
      sortValue: (e) => `${e.type === 'dir' ? 0 : 1}${e.name}`,
      render: (e) => (
        <button
          type="button"
          className="files-entry"
          data-testid="file-entry"
          onClick={() => {
            if (e.type === 'dir') open(e.path);
            else {
              setSelected(e);
              setVersion(atCommit);
            }
          }}
        >
          <EntryIcon folder={e.type === 'dir'} />
          <span data-content>{e.name}</span>
          {e.staged && <Badge tone="success">{t('admin.files.pending')}</Badge>}
        </button>
      ),
    },
    {
      key: 'size',
      title: t('admin.files.column.size'),
      sortValue: (e) => e.size ?? -1,
      render: (e) => (e.size === null ? '—' : formatBytes(e.size)),
    },
    {
      key: 'commit',
      title: t('admin.files.column.commit'),
      sortValue: (e) => e.lastCommit?.time ?? 0,
      render: (e) =>
        e.lastCommit ? (
          <span className="files-commit" title={e.lastCommit.message} data-content>
            {relativeTime(e.lastCommit.time)} · {e.lastCommit.message}
          </span>
        ) : (
          '—'
        ),
    },
    {
      key: 'actions',
      title: '',
      render: (e) =>
        atCommit ? (
          e.type === 'file' && (
            <Button
              kind="text"
              data-testid="restore-file"
              onClick={async () => {
                await call('filesRestore', { body: { path: e.path, commit: atCommit } });
                await refresh();
                toast.success(t('admin.files.restoredFile', { name: e.name }));
              }}
            >
              {t('admin.files.restoreFile')}
            </Button>
          )
        ) : (
          <span className="files-actions">
            <Button kind="text" onClick={() => move(e)}>
              {t('admin.files.move')}
            </Button>
            <Button
              kind="dangerous"
              confirm={
                e.type === 'dir' ? false : { message: t('admin.files.delete.confirm', { path: e.path }) }
              }
              onClick={() => remove(e)}
              data-testid="file-delete"
            >
              {t('admin.files.delete')}
            </Button>
          </span>
        ),
    },
  ];

  return (
    <AdminPage
      title={t('admin.files.title')}
      actions={
        <Button onClick={newFolder} data-testid="new-folder">
          {t('admin.files.newFolder')}
        </Button>
      }
    >
      <nav className="files-crumbs" aria-label={t('admin.files.where')} data-testid="breadcrumbs">
        {crumbsOf(folder).map((crumb, index, all) => (
          <span key={crumb.path}>
            {index === all.length - 1 ? (
              <strong aria-current="page" data-content={crumb.path ? true : undefined}>
                {crumb.name}
              </strong>
            ) : (
              <button
                type="button"
                onClick={() => open(crumb.path)}
                data-content={crumb.path ? true : undefined}
              >
                {crumb.name}
              </button>
            )}
            {index < all.length - 1 && <span aria-hidden="true"> / </span>}
          </span>
        ))}
      </nav>
      <div className="files-layout">
        <FolderTree current={folder} onOpen={open} />
        <div className="files-main">
          {atCommit ? (
            <div className="files-at-commit" role="status">
              {atCommitText[0]}
              <code>{atCommit.slice(0, 7)}</code>
              {atCommitText[1]}
              <Button kind="text" onClick={() => setAtCommit(undefined)}>
                {t('admin.files.atCommit.back')}
              </Button>
            </div>
          ) : (
            <DropZone multiple onFiles={upload} data-testid="files-drop">
              {dropText[0]}
              <span data-content={folder ? true : undefined}>{folder || t('admin.files.root')}</span>
              {dropText[1]}
            </DropZone>
          )}
          <UploadList items={uploads.items} />
          <DataTable
            rows={entries}
            columns={columns}
            rowKey={(e) => e.path}
            loading={listing.isPending}
            error={gone ? null : listing.error}
            onRetry={() => listing.refetch()}
            empty={
              stagedFolder
                ? t('admin.files.empty.staged')
                : folder
                  ? t('admin.files.empty.folder')
                  : t('admin.files.empty')
            }
            data-testid="files-table"
          />
          {selected && (
            <section className="files-detail" aria-label={selected.name} data-testid="file-detail">
              <header>
                <h2 data-content>{nameOf(selected.path)}</h2>
                <small>
                  <span data-content={parentOf(selected.path) ? true : undefined}>
                    {parentOf(selected.path) || t('admin.files.root')}
                  </span>
                  {version ? t('admin.files.version', { hash: version.slice(0, 7) }) : ''}
                </small>
                <Button kind="text" onClick={() => setSelected(null)}>
                  {t('admin.files.close')}
                </Button>
              </header>
              <Preview
                key={`${selected.path}@${version ?? 'HEAD'}`}
                path={selected.path}
                size={selected.size ?? 0}
                commit={version}
              />
              <h3>{t('admin.files.history')}</h3>
              <HistoryPanel path={selected.path} viewing={version} onView={setVersion} />
            </section>
          )}
        </div>
      </div>
      <StagedPanel />
      <section className="files-log" aria-label={t('admin.files.log')}>
        <h2>{t('admin.files.log')}</h2>
        <CommitLog
          viewing={atCommit}
          onBrowse={(hash) => {
            setAtCommit(hash);
            setSelected(null);
            setFolder('');
          }}
        />
      </section>
      <ShareBlob />
    </AdminPage>
  );
}
