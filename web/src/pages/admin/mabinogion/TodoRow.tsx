import type { Todo } from '@candy/contract/calls/todos';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Badge, destroyQuestion, formatDateTime } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';

const priorityLabel = ['', '低', '中', '高'] as const;

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
        aria-label={`拖动排序：${todo.title}`}
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
        aria-label={`完成：${todo.title}`}
        onChange={(e) => onChange({ done: e.target.checked })}
        data-testid="todo-check"
      />
      <span className="todo-text">
        <span className="todo-title" data-testid="todo-title">
          {todo.title}
        </span>
        {todo.notes && (
          <span className="todo-notes" data-testid="todo-notes">
            {todo.notes}
          </span>
        )}
      </span>
      <span className="todo-meta">
        {todo.priority > 0 && (
          <Badge tone={todo.priority === 3 ? 'danger' : 'info'}>{priorityLabel[todo.priority]}</Badge>
        )}
        {todo.dueAt !== null && (
          <span
            className={overdue ? 'todo-due overdue' : 'todo-due muted'}
            title={formatDateTime(todo.dueAt)}
          >
            {overdue ? '已逾期 · ' : ''}
            {dayOf(todo.dueAt)}
          </span>
        )}
      </span>
      <input
        type="date"
        className="input todo-date"
        aria-label={`截止日期：${todo.title}`}
        value={todo.dueAt === null ? '' : dayOf(todo.dueAt)}
        onChange={(e) => e.target.value && onChange({ dueAt: endOfDay(e.target.value) })}
      />
      <select
        className="input todo-priority"
        aria-label={`优先级：${todo.title}`}
        value={todo.priority}
        onChange={(e) => onChange({ priority: Number(e.target.value) as Todo['priority'] })}
      >
        <option value={0}>无</option>
        <option value={1}>低</option>
        <option value={2}>中</option>
        <option value={3}>高</option>
      </select>
      <span className="todo-actions">
        <Button kind="text" onClick={onEdit} title={`编辑：${todo.title}`} data-testid="todo-edit">
          编辑
        </Button>
        <Button
          kind="text"
          className="danger"
          confirm={{ title: '删除待办', message: destroyQuestion('删除', '待办', { title: todo.title }) }}
          onClick={onDelete}
          title={`删除：${todo.title}`}
          data-testid="todo-delete"
        >
          删除
        </Button>
      </span>
    </li>
  );
};
