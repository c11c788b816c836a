import { type Todo, TodoPatch } from '@candy/contract/calls/todos';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';
import { Field, useZodForm } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { Dialog } from '../../../ui/DialogFrame.tsx';
import { openOverlay } from '../../../ui/overlayHost.tsx';

const EditForm = ({
  todo,
  onSaved,
  onClose,
}: {
  todo: Todo;
  onSaved: (t: Todo) => void;
  onClose: () => void;
}) => {
  const t = useT();
  const form = useZodForm(TodoPatch, { title: todo.title, notes: todo.notes });
  const save = async () => {
    const patch = form.validate();
    if (!patch) return;
    onSaved(await call('todoUpdate', { params: { id: todo.id }, body: patch }));
    onClose();
  };
  return (
    <Dialog
      title={t('admin.todos.edit.title')}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('admin.todos.edit.cancel')}</Button>
          <Button kind="primary" onClick={save} data-testid="todo-save">
            {t('admin.todos.edit.save')}
          </Button>
        </>
      }
    >
      <form
        className="todo-editor"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Field label={t('admin.todos.edit.titleField')} error={form.errors.title}>
          <input
            className="input"
            autoFocus
            maxLength={200}
            value={form.values.title ?? ''}
            onChange={(e) => form.set('title', e.target.value)}
            data-testid="todo-edit-title"
          />
        </Field>
        <Field label={t('admin.todos.edit.notes')} error={form.errors.notes}>
          <textarea
            className="input"
            maxLength={5000}
            value={form.values.notes ?? ''}
            onChange={(e) => form.set('notes', e.target.value)}
            data-testid="todo-edit-notes"
          />
        </Field>
      </form>
    </Dialog>
  );
};

/** Opens the editor of one to-do's title and notes; `onSaved` gets the to-do as the server keeps it. */
export const editTodo = (todo: Todo, onSaved: (t: Todo) => void): void => {
  openOverlay((close) => <EditForm todo={todo} onSaved={onSaved} onClose={close} />);
};
