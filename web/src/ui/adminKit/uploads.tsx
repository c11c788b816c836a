import { type ReactNode, useCallback, useRef, useState } from 'react';
import { errorLines, RequestError } from '../../core/errors.ts';
import { useT } from '../../i18n/useT.ts';
import { formatBytes } from './format.ts';
import { ProgressBar } from './states.tsx';

export interface UploadItem {
  id: number;
  name: string;
  loaded: number;
  total: number;
  state: 'uploading' | 'done' | 'failed';
  error?: string;
  /** The refusal's `[property]: constraint` lines, shown under the message. */
  errorLines?: string[];
}

/**
 * What an upload's call is given: its progress goes to the file's row, and its failure is shown
 * there, once, and not toasted as well (issue 41.6).
 */
export interface UploadCallOptions {
  silent: true;
  onUploadProgress: (progress: { loaded: number; total: number }) => void;
}

let nextId = 1;

/**
 * Uploads files one after the other, each with its own progress; `run` resolves with the answers of
 * the files that succeeded. A failure is shown in its file's row only: `send` spreads the options it
 * is given into its call, which makes the call silent.
 */
export const useUploads = () => {
  const [items, setItems] = useState<UploadItem[]>([]);
  const update = useCallback(
    (id: number, patch: Partial<UploadItem>) =>
      setItems((list) => list.map((item) => (item.id === id ? { ...item, ...patch } : item))),
    [],
  );

  const run = useCallback(
    async <T,>(files: File[], send: (file: File, options: UploadCallOptions) => Promise<T>) => {
      const queued = files.map((file) => ({
        file,
        item: { id: nextId++, name: file.name, loaded: 0, total: file.size, state: 'uploading' as const },
      }));
      setItems((list) => [...queued.map((q) => q.item), ...list].slice(0, 50));
      const answers: T[] = [];
      for (const { file, item } of queued) {
        try {
          const options: UploadCallOptions = {
            silent: true,
            onUploadProgress: ({ loaded, total }) => update(item.id, { loaded, total }),
          };
          answers.push(await send(file, options));
          update(item.id, { state: 'done', loaded: item.total });
        } catch (error) {
          update(item.id, {
            state: 'failed',
            error: error instanceof Error ? error.message : String(error),
            errorLines: error instanceof RequestError ? errorLines(error.errors) : [],
          });
        }
      }
      return answers;
    },
    [update],
  );

  const clear = useCallback(() => setItems((list) => list.filter((i) => i.state === 'uploading')), []);
  return { items, run, clear };
};

/** Each upload with its progress bar, size and outcome. */
export const UploadList = ({ items }: { items: UploadItem[] }) => {
  const t = useT();
  return items.length === 0 ? null : (
    <ul className="admin-uploads" data-testid="upload-list">
      {items.map((item) => (
        <li key={item.id} className={`admin-upload admin-upload-${item.state}`}>
          <span className="admin-upload-name" data-content>
            {item.name}
          </span>
          <ProgressBar
            name={t('admin.kit.upload.name', { name: item.name })}
            value={item.total > 0 ? item.loaded / item.total : item.state === 'done' ? 1 : 0}
            label={
              item.state === 'failed'
                ? t('admin.kit.upload.failed')
                : item.state === 'done'
                  ? t('admin.kit.upload.done', { size: formatBytes(item.total) })
                  : `${formatBytes(item.loaded)} / ${formatBytes(item.total)}`
            }
          />
          {item.state === 'failed' && (
            <p className="admin-upload-error" role="alert">
              {[item.error ?? '', ...(item.errorLines ?? [])].join('\n')}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
};

/** A drop area that is also a file picker (click or Enter/Space), for mouse, touch and keyboard. */
export const DropZone = ({
  accept,
  multiple,
  onFiles,
  children,
  disabled,
  disabledReason,
  'data-testid': testId,
}: {
  accept?: string;
  multiple?: boolean;
  onFiles: (files: File[]) => unknown;
  children?: ReactNode;
  disabled?: boolean;
  /** Shown in place of the hint while disabled: why nothing more can be added. */
  disabledReason?: string;
  'data-testid'?: string;
}) => {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const t = useT();
  const take = (list: FileList | null) => {
    const files = list ? [...list] : [];
    if (files.length > 0) void onFiles(multiple ? files : files.slice(0, 1));
  };
  return (
    <fieldset
      aria-label={t('admin.kit.upload')}
      className={`admin-dropzone${over ? ' over' : ''}${disabled ? ' disabled' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        if (!disabled) take(event.dataTransfer.files);
      }}
      data-testid={testId}
    >
      <button type="button" className="btn" disabled={disabled} onClick={() => input.current?.click()}>
        {t('admin.kit.upload.choose')}
      </button>
      <span className="admin-dropzone-hint">
        {disabled && disabledReason ? disabledReason : (children ?? t('admin.kit.upload.hint'))}
      </span>
      <input
        ref={input}
        type="file"
        hidden
        accept={accept}
        multiple={multiple}
        onChange={(event) => {
          take(event.target.files);
          event.target.value = '';
        }}
      />
    </fieldset>
  );
};
