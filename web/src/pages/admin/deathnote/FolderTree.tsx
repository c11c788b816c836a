import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';

/** The folders under `path`, read when the node is opened. */
const Children = ({
  path,
  current,
  onOpen,
}: {
  path: string;
  current: string;
  onOpen: (path: string) => void;
}) => {
  const listing = useQuery({
    queryKey: ['files', 'content', path, 'HEAD'],
    // Silent: a folder whose creation was just undone is simply gone from the tree (issue 41.4).
    queryFn: () => call('filesContent', { query: { path }, silent: true }),
  });
  const folders = listing.data?.kind === 'dir' ? listing.data.entries.filter((e) => e.type === 'dir') : [];
  if (folders.length === 0) return null;
  return (
    <ul>
      {folders.map((folder) => (
        <FolderNode
          key={folder.path}
          path={folder.path}
          name={folder.name}
          current={current}
          onOpen={onOpen}
        />
      ))}
    </ul>
  );
};

const FolderNode = ({
  path,
  name,
  current,
  onOpen,
}: {
  path: string;
  name: string;
  current: string;
  onOpen: (path: string) => void;
}) => {
  const t = useT();
  // Open by default along the way to the current folder.
  const [open, setOpen] = useState(path === '' || current === path || current.startsWith(`${path}/`));
  return (
    <li>
      <div className={`files-tree-node${current === path ? ' current' : ''}`}>
        <button
          type="button"
          className="files-tree-toggle"
          aria-label={open ? t('admin.files.tree.collapse') : t('admin.files.tree.expand')}
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open ? '▾' : '▸'}
        </button>
        <button
          type="button"
          className="files-tree-name"
          aria-current={current === path ? 'page' : undefined}
          onClick={() => onOpen(path)}
          data-content={path === '' ? undefined : true}
        >
          {name}
        </button>
      </div>
      {open && <Children path={path} current={current} onOpen={onOpen} />}
    </li>
  );
};

/** The repository's folders as a tree; the current one marked. */
export const FolderTree = ({
  current,
  onOpen,
  label,
}: {
  current: string;
  onOpen: (path: string) => void;
  label?: string;
}) => {
  const t = useT();
  return (
    <nav className="files-tree" aria-label={label ?? t('admin.files.tree.label')}>
      <ul>
        <FolderNode path="" name={t('admin.files.root')} current={current} onOpen={onOpen} />
      </ul>
    </nav>
  );
};
