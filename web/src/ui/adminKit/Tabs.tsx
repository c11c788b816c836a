export interface TabItem<T extends string> {
  id: T;
  label: string;
}

/** A row of tabs; arrow keys move between them as a tab list should. */
export const Tabs = <T extends string>({
  tabs,
  value,
  onChange,
}: {
  tabs: TabItem<T>[];
  value: T;
  onChange: (id: T) => void;
}) => {
  const move = (step: number) => {
    const index = tabs.findIndex((t) => t.id === value);
    const next = tabs[(index + step + tabs.length) % tabs.length];
    if (next) onChange(next.id);
  };
  return (
    <div
      className="admin-tabs"
      role="tablist"
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') move(1);
        if (event.key === 'ArrowLeft') move(-1);
      }}
    >
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          aria-selected={tab.id === value}
          tabIndex={tab.id === value ? 0 : -1}
          className={`admin-tab${tab.id === value ? ' active' : ''}`}
          onClick={() => onChange(tab.id)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
};
