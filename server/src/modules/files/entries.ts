/** What the file manager's listings, logs and staged changes are made of (repository.ts reads them from git). */

export interface CommitInfo {
  hash: string;
  time: number;
  message: string;
}

export interface Entry {
  name: string;
  path: string;
  type: 'file' | 'dir';
  size: number | null;
  lastCommit: CommitInfo | null;
  staged?: boolean;
}

export interface StagedChange {
  status: 'added' | 'modified' | 'deleted' | 'renamed';
  path: string;
  from?: string;
}

export const STATUS: Record<string, StagedChange['status']> = {
  A: 'added',
  M: 'modified',
  D: 'deleted',
  R: 'renamed',
  T: 'modified',
};

/** Folders first, then by name. */
export const sorted = (entries: Entry[]): Entry[] =>
  entries.sort((a, b) => (a.type === b.type ? a.name.localeCompare(b.name) : a.type === 'dir' ? -1 : 1));

export const parseCommit = (line: string): CommitInfo | null => {
  const [hash, time, ...message] = line.split('\x1f');
  return hash && time ? { hash, time: Number(time) * 1000, message: message.join('\x1f') } : null;
};
