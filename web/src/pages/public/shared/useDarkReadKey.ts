import { useIsOwner } from '../../../core/appState.ts';
import { storage } from '../../../core/storage.ts';
import { useStore } from '../../../core/store.ts';

/** Dark content is read again when the decode key or the owner state changes. */
export const useDarkReadKey = (): string => {
  const darkKey = useStore(storage, (record) => record.darkModeDecodeKey);
  const owner = useIsOwner();
  return `${owner}:${darkKey}`;
};
