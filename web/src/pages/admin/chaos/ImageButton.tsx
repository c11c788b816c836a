import { useRef } from 'react';
import { useT } from '../../../i18n/useT.ts';

/**
 * Opens the file picker for pictures (on a phone the only way: there is nothing to paste or drag);
 * the files go the same way as pasted ones, with the same progress list.
 */
export const ImageButton = ({ onFiles }: { onFiles: (files: File[]) => void }) => {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className="btn btn-small"
        onClick={() => input.current?.click()}
        data-testid="essay-image-button"
      >
        {t('admin.desk.image')}
      </button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        hidden
        data-testid="essay-image-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
};
