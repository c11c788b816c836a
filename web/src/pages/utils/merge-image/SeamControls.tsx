import { clampOverlap, type StitchPlan, UNSURE_BELOW } from './stitch.ts';

interface SeamControlsProps {
  plan: StitchPlan;
  onNudge: (pair: number, rows: number) => void;
}

const NUDGES = [-10, -1, 1, 10];

/** One line per seam: what was detected, and buttons to move it when detection is unsure. */
export const SeamControls = ({ plan, onNudge }: SeamControlsProps) => (
  <ol className="merge-seams" data-testid="seams">
    {plan.overlaps.map((overlap, pair) => {
      const body = plan.heights[pair + 1]! - plan.header - plan.footer;
      const set = (rows: number) => onNudge(pair, clampOverlap(rows, body));
      const unsure = !overlap.found || overlap.confidence < UNSURE_BELOW;
      return (
        // biome-ignore lint/suspicious/noArrayIndexKey: a seam is identified by its position
        <li key={pair} className={unsure ? 'merge-seam--unsure' : undefined} data-testid="seam">
          <span>
            第 {pair + 1} → {pair + 2} 张：
            {overlap.found ? (
              <>
                重叠 {overlap.rows} px · 可信度 {Math.round(overlap.confidence * 100)}%
                {unsure && <strong className="tool-warn"> 不确定，请检查接缝</strong>}
              </>
            ) : (
              <strong className="tool-warn">
                未找到重叠（当前重叠 {overlap.rows} px），请确认顺序或手动调整
              </strong>
            )}
          </span>
          <span className="merge-nudge">
            {NUDGES.map((d) => (
              <button key={d} type="button" onClick={() => set(overlap.rows + d)}>
                {d > 0 ? `+${d}` : d}
              </button>
            ))}
            <input
              type="number"
              aria-label={`第 ${pair + 1} 处重叠行数`}
              min={0}
              max={body}
              value={overlap.rows}
              onChange={(e) => set(Number(e.target.value))}
            />
          </span>
        </li>
      );
    })}
  </ol>
);
