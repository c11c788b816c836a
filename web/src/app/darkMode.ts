import { setDarkKey, setDarkMode } from '../core/modes.ts';
import { storage } from '../core/storage.ts';
import { spec } from '../i18n/i18n.ts';
import { confirmInput, prompt } from '../ui/Dialog.tsx';

const askKey = (initial: string) =>
  prompt({
    title: spec('darkKeyTitle'),
    placeholder: spec('darkKeyPlaceholder'),
    initial,
    // Spec §2: the button reads confirm when a key is typed, otherwise ignore.
    confirmLabel: (value) => (value ? spec('darkKeyConfirm') : spec('darkKeyIgnore')),
  });

/** The dark-mode switch: turning it on without a decode key asks for one first (spec §2). */
export const switchDarkMode = async (on: boolean): Promise<void> => {
  if (on && !storage.get().darkModeDecodeKey) {
    const key = await askKey('');
    if (key) setDarkKey(key);
  }
  setDarkMode(on);
};

/** The menu entry that sets or (with an empty input) resets the decode key. */
export const editDarkKey = async (): Promise<void> => {
  setDarkKey(await askKey(storage.get().darkModeDecodeKey));
};

/**
 * A dark page that could not be read asks for the key with the confirm-with-input dialog (spec §5):
 * there an empty answer means nothing, so it is refused with 请输入内容 rather than "ignored".
 */
export const enterDarkKey = async (): Promise<void> => {
  setDarkKey(
    await confirmInput({
      title: spec('darkKeyTitle'),
      placeholder: spec('darkKeyPlaceholder'),
      initial: storage.get().darkModeDecodeKey,
    }),
  );
};
