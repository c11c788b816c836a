import type { Ref } from 'react';
import { useT } from '../../../i18n/useT.ts';
import { Markdown } from '../../../ui/Markdown/Markdown.tsx';
import { MarkdownEditor, type MarkdownEditorHandle } from './MarkdownEditor.tsx';

export type PaneView = 'source' | 'split' | 'preview';

/** Phones start on the source alone (the preview is a tap away); wider screens side by side. */
export const defaultView = (): PaneView =>
  typeof matchMedia === 'function' && matchMedia('(max-width: 900px)').matches ? 'source' : 'split';

/** The buttons that pick what the writing area shows. */
export const ViewSwitch = <V extends PaneView | 'history'>({
  views,
  value,
  onChange,
}: {
  views: readonly V[];
  value: V;
  onChange: (view: V) => void;
}) => {
  const t = useT();
  return (
    <fieldset className="essay-editor-views" aria-label={t('admin.desk.view.label')}>
      {views.map((v) => (
        <button
          key={v}
          type="button"
          className={`btn btn-small${value === v ? ' btn-primary' : ''}`}
          aria-pressed={value === v}
          onClick={() => onChange(v)}
          data-testid={`view-${v}`}
        >
          {t(`admin.desk.view.${v}`)}
        </button>
      ))}
    </fieldset>
  );
};

/** The Markdown source and, beside it or instead of it, the preview visitors will see. */
export const WritingPanes = ({
  view,
  content,
  onChange,
  onFiles,
  editorRef,
  ariaLabel,
  sourceTestId,
  previewTestId,
}: {
  view: PaneView;
  content: string;
  onChange: (content: string) => void;
  onFiles: (files: File[]) => Promise<string[]>;
  editorRef: Ref<MarkdownEditorHandle>;
  ariaLabel: string;
  sourceTestId: string;
  previewTestId: string;
}) => {
  const t = useT();
  return (
    <div className={`essay-editor-panes essay-editor-${view}`}>
      <div className="essay-editor-source" hidden={view === 'preview'}>
        <MarkdownEditor
          ref={editorRef}
          value={content}
          onChange={onChange}
          onFiles={onFiles}
          aria-label={ariaLabel}
          data-testid={sourceTestId}
        />
      </div>
      {view !== 'source' && (
        <div
          className="essay-editor-preview"
          data-testid={previewTestId}
          data-content={content.trim() ? true : undefined}
        >
          {content.trim() ? (
            <Markdown source={content} />
          ) : (
            <p className="muted">{t('admin.desk.preview.empty')}</p>
          )}
        </div>
      )}
    </div>
  );
};
