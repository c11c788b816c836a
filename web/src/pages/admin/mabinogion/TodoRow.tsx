import type { Todo } from '@candy/contract/calls/todos';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useT } from '../../../i18n/useT.ts';
import { Badge, formatDateTime, shortTitle } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';

/** YYYY-MM-DD of a due time, in local time. */
const dayOf = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
/** The end of a local day: a to-do due that day is overdue from the next. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59.999`).getTime();

export interface TodoRowProps {
  todo: Todo;
  onChange: (patch: Partial<Todo>) => void;
  onEdit: () => void;
  onDelete: () => Promise<unknown>;
}

/** One to-do: drag handle, check, title and notes, due date, priority, edit and delete. */
export const TodoRow = ({ todo, onChange, onEdit, onDelete }: TodoRowProps) => {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: todo.id,
  });
  const t = useT();
  const overdue = !todo.done && todo.dueAt !== null && todo.dueAt < Date.now();
  return (
    <li
      ref={setNodeRef}
      className={`todo-row${isDragging ? ' is-dragging' : ''}${todo.done ? ' is-done' : ''}${overdue ? ' is-overdue' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="todo-row"
      data-done={todo.done}
    >
      <button
        type="button"
        className="todo-drag"
        aria-label={t('admin.todos.row.drag', { title: todo.title })}
        data-testid="todo-drag"
        {...attributes}
        {...listeners}
      >
        ⠿
      </button>
      <input
        type="checkbox"
        className="todo-check"
        checked={todo.done}
        aria-label={t('admin.todos.row.check', { title: todo.title })}
        onChange={(e) => onChange({ done: e.target.checked })}
        data-testid="todo-check"
      />
      <span className="todo-text">
        <span className="todo-title" data-testid="todo-title" data-content>
          {todo.title}
        </span>
        {todo.notes && (
          <span className="todo-notes" data-testid="todo-notes" data-content>
            {todo.notes}
          </span>
        )}
      </span>
      <span className="todo-meta">
        {todo.priority > 0 && (
          <Badge tone={todo.priority === 3 ? 'danger' : 'info'}>
            {t(`admin.todos.priority.${todo.priority}`)}
          </Badge>
        )}
        {todo.dueAt !== null && (
          <span
            className={overdue ? 'todo-due overdue' : 'todo-due muted'}
            title={formatDateTime(todo.dueAt)}
          >
            {overdue ? t('admin.todos.row.overdue') : ''}
            {dayOf(todo.dueAt)}
          </span>
        )}
      </span>
      <input
        type="date"
        className="input todo-date"
        aria-label={t('admin.todos.row.due', { title: todo.title })}
        value={todo.dueAt === null ? '' : dayOf(todo.dueAt)}
        onChange={(e) => e.target.value && onChange({ dueAt: endOfDay(e.target.value) })}
      />
      <select
        className="input todo-priority"
        aria-label={t('admin.todos.row.priority', { title: todo.title })}
        value={todo.priority}
        onChange={(e) => onChange({ priority: Number(e.target.value) as Todo['priority'] })}
      >
        {[0, 1, 2, 3].map((priority) => (
          <option key={priority} value={priority}>
            {t(`admin.todos.priority.${priority}`)}
          </option>
        ))}
      </select>
      <span className="todo-actions">
        <Button
          kind="text"
          onClick={onEdit}
          title={t('admin.todos.row.editTitle', { title: todo.title })}
          data-testid="todo-edit"
        >
          {t('admin.todos.row.edit')}
        </Button>
        <Button
          kind="text"
          className="danger"
          confirm={{
            title: t('admin.todos.delete.title'),
            message: todo.title.trim()
              ? t('admin.todos.delete.confirm', { title: shortTitle(todo.title) })
              : t('admin.todos.delete.confirmUntitled'),
          }}
          onClick={onDelete}
          title={t('admin.todos.row.deleteTitle', { title: todo.title })}
          data-testid="todo-delete"
        >
          {t('admin.todos.row.delete')}
        </Button>
      </span>
    </li>
  );
};
