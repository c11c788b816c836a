import { markdown } from '@codemirror/lang-markdown';
import { EditorView } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { type Ref, useEffect, useImperativeHandle, useRef } from 'react';
import { useT } from '../../../i18n/useT.ts';

/** What the page around the editor may do to it (the image button inserts at the cursor). */
export interface MarkdownEditorHandle {
  insertFiles(files: File[]): void;
  focus(): void;
}

export interface MarkdownEditorProps {
  ref?: Ref<MarkdownEditorHandle>;
  value: string;
  onChange: (value: string) => void;
  /** Pasted or dropped files; answers the Markdown to insert for each (e.g. an image link). */
  onFiles?: (files: File[]) => Promise<string[]>;
  'aria-label'?: string;
  'data-testid'?: string;
}

const theme = EditorView.theme({
  '&': { backgroundColor: 'var(--card)', color: 'var(--fg)', height: '100%' },
  '.cm-content': {
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
    caretColor: 'var(--accent)',
  },
  '.cm-gutters': { backgroundColor: 'var(--bg)', color: 'var(--muted)', border: 'none' },
  '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: 'var(--hover)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground': { backgroundColor: 'var(--border)' },
  '.cm-scroller': { overflow: 'auto' },
});

/**
 * CodeMirror 6 with Markdown. Pasting or dropping files hands them to `onFiles`, whose Markdown is
 * inserted where the cursor (or the drop) was, even if the text changed during the upload.
 */
export const MarkdownEditor = ({
  ref,
  value,
  onChange,
  onFiles,
  'aria-label': ariaLabelProp,
  'data-testid': testId,
}: MarkdownEditorProps) => {
  const t = useT();
  const ariaLabel = ariaLabelProp ?? t('admin.desk.editor.source');
  // Read by the editor at each update: a language switch renames it in place (effect below).
  const label = useRef(ariaLabel);
  label.current = ariaLabel;
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef({ onChange, onFiles });
  latest.current = { onChange, onFiles };
  const insertAtCursor = useRef<(files: File[]) => void>(() => {});
  useImperativeHandle(ref, () => ({
    insertFiles: (files) => insertAtCursor.current(files),
    focus: () => view.current?.focus(),
  }));

  // The editor is made once per mount; later values arrive through the effect below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: created once per mount
  useEffect(() => {
    if (!host.current) return;
    // Insertion points of uploads still running, moved along with every edit made meanwhile.
    const pending = new Set<{ pos: number }>();
    const insertFiles = (files: File[], at: number, target: EditorView) => {
      const upload = latest.current.onFiles;
      if (!upload || files.length === 0) return false;
      const marker = { pos: at };
      pending.add(marker);
      void upload(files).then((snippets) => {
        pending.delete(marker);
        const text = snippets.filter(Boolean).join('\n');
        if (!text) return;
        const pos = Math.min(marker.pos, target.state.doc.length);
        target.dispatch({
          changes: { from: pos, insert: `${text}\n` },
          selection: { anchor: pos + text.length + 1 },
        });
      });
      return true;
    };
    const editor = new EditorView({
      parent: host.current,
      doc: value,
      extensions: [
        basicSetup,
        markdown(),
        EditorView.lineWrapping,
        theme,
        EditorView.contentAttributes.of(() => ({ 'aria-label': label.current })),
        EditorView.updateListener.of((update) => {
          if (!update.docChanged) return;
          for (const marker of pending) marker.pos = update.changes.mapPos(marker.pos);
          latest.current.onChange(update.state.doc.toString());
        }),
        EditorView.domEventHandlers({
          paste: (event, target) => {
            const files = [...(event.clipboardData?.files ?? [])];
            if (files.length === 0) return false;
            event.preventDefault();
            return insertFiles(files, target.state.selection.main.head, target);
          },
          drop: (event, target) => {
            const files = [...(event.dataTransfer?.files ?? [])];
            if (files.length === 0) return false;
            event.preventDefault();
            const pos =
              target.posAtCoords({ x: event.clientX, y: event.clientY }) ?? target.state.selection.main.head;
            return insertFiles(files, pos, target);
          },
        }),
      ],
    });
    view.current = editor;
    insertAtCursor.current = (files) => insertFiles(files, editor.state.selection.main.head, editor);
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, []);

  // A new label (another language): an empty update makes the editor read it again.
  useEffect(() => {
    if (view.current && ariaLabel) view.current.dispatch({});
  }, [ariaLabel]);

  // A value set from outside (a loaded essay, a restored draft) replaces the text.
  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    }
  }, [value]);

  return <div ref={host} className="md-editor" data-testid={testId} data-content />;
};
