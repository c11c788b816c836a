import { useT } from '../../../i18n/useT.ts';
import type { Words } from './said.ts';
import { say } from './say.ts';

export interface Progress {
  /** What is being done (a worker's key), or the file being read (content, not translated). */
  label: Words;
  done: number;
  total: number;
}

export const ProgressBar = ({ progress }: { progress: Progress }) => {
  useT();
  const share = progress.total > 0 ? Math.min(1, progress.done / progress.total) : 0;
  const { label } = progress;
  return (
    <div className="tool-progress" role="status" data-testid="progress">
      <progress value={share} max={1} />
      <span>
        {typeof label === 'string' ? <span data-content>{label}</span> : say(label)} {Math.round(share * 100)}
        %
      </span>
    </div>
  );
};
