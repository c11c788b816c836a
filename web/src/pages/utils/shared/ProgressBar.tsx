export interface Progress {
  label: string;
  done: number;
  total: number;
}

export const ProgressBar = ({ progress }: { progress: Progress }) => {
  const share = progress.total > 0 ? Math.min(1, progress.done / progress.total) : 0;
  return (
    <div className="tool-progress" role="status" data-testid="progress">
      <progress value={share} max={1} />
      <span>
        {progress.label} {Math.round(share * 100)}%
      </span>
    </div>
  );
};
