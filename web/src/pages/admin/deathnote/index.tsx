import type { RepoEntry } from '@candy/contract/calls/files';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RequestError } from '../../../core/errors.ts';
import { call } from '../../../core/request.ts';
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
    if (done.length > 0) toast.success(`${done.length} 个文件已加入待提交的改动`);
  };
  const newFolder = async () => {
    const name = await prompt({
      title: '新建文件夹',
      placeholder: '文件夹名',
      pattern: FILE_NAME,
      error: '名字不能含 / 或以 . 开头',
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
    toast.success(`已移到「${parentOf(to) || '根目录'}」，提交后生效`);
  };
  const remove = async (entry: RepoEntry) => {
    if (entry.type === 'dir') {
      const message = await prompt({
        title: `删除文件夹 ${entry.name}`,
        message: '会立即提交。提交说明：',
        initial: `删除 ${entry.path}`,
      });
      await call('filesDeleteDir', { body: { path: entry.path, message } });
      toast.success('文件夹已删除并提交');
    } else {
      await call('filesRemove', { body: { path: entry.path } });
      toast.success('删除已加入待提交的改动');
    }
    if (selected?.path === entry.path) setSelected(null);
    await refresh();
  };

  const columns: Column<RepoEntry>[] = [
    {
      key: 'name',
      title: '名称',
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
          {e.name}
          {e.staged && <Badge tone="success">待提交</Badge>}
        </button>
      ),
    },
    {
      key: 'size',
      title: '大小',
      sortValue: (e) => e.size ?? -1,
      render: (e) => (e.size === null ? '—' : formatBytes(e.size)),
    },
    {
      key: 'commit',
      title: '最后提交',
      sortValue: (e) => e.lastCommit?.time ?? 0,
      render: (e) =>
        e.lastCommit ? (
          <span className="files-commit" title={e.lastCommit.message}>
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
                toast.success(`${e.name} 已恢复到待提交的改动，提交后生效`);
              }}
            >
              恢复此文件
            </Button>
          )
        ) : (
          <span className="files-actions">
            <Button kind="text" onClick={() => move(e)}>
              移动
            </Button>
            <Button
              kind="dangerous"
              confirm={e.type === 'dir' ? false : { message: `删除 ${e.path}？提交后生效。` }}
              onClick={() => remove(e)}
              data-testid="file-delete"
            >
              删除
            </Button>
          </span>
        ),
    },
  ];

  return (
    <AdminPage
      title="文件"
      actions={
        <Button onClick={newFolder} data-testid="new-folder">
          新建文件夹
        </Button>
      }
    >
      <nav className="files-crumbs" aria-label="当前位置" data-testid="breadcrumbs">
        {crumbsOf(folder).map((crumb, index, all) => (
          <span key={crumb.path}>
            {index === all.length - 1 ? (
              <strong aria-current="page">{crumb.name}</strong>
            ) : (
              <button type="button" onClick={() => open(crumb.path)}>
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
              正在浏览提交 <code>{atCommit.slice(0, 7)}</code> 时的文件（只读）
              <Button kind="text" onClick={() => setAtCommit(undefined)}>
                回到最新
              </Button>
            </div>
          ) : (
            <DropZone multiple onFiles={upload} data-testid="files-drop">
              上传到「{folder || '根目录'}」：或把文件拖到这里
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
                ? '新建的文件夹（待提交）：上传文件到这里，然后提交'
                : folder
                  ? '这个文件夹是空的'
                  : '还没有文件：上传一些，然后提交'
            }
            data-testid="files-table"
          />
          {selected && (
            <section className="files-detail" aria-label={selected.name} data-testid="file-detail">
              <header>
                <h2>{nameOf(selected.path)}</h2>
                <small>
                  {parentOf(selected.path) || '根目录'}
                  {version ? ` · 版本 ${version.slice(0, 7)}` : ''}
                </small>
                <Button kind="text" onClick={() => setSelected(null)}>
                  关闭
                </Button>
              </header>
              <Preview
                key={`${selected.path}@${version ?? 'HEAD'}`}
                path={selected.path}
                size={selected.size ?? 0}
                commit={version}
              />
              <h3>历史</h3>
              <HistoryPanel path={selected.path} viewing={version} onView={setVersion} />
            </section>
          )}
        </div>
      </div>
      <StagedPanel />
      <section className="files-log" aria-label="提交记录">
        <h2>提交记录</h2>
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
