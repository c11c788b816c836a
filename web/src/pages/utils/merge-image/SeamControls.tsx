import { useT } from '../../../i18n/useT.ts';
import { clampOverlap, type StitchPlan, UNSURE_BELOW } from './stitch.ts';

interface SeamControlsProps {
  plan: StitchPlan;
  onNudge: (pair: number, rows: number) => void;
}

const NUDGES = [-10, -1, 1, 10];

/** One line per seam: what was detected, and buttons to move it when detection is unsure. */
export const SeamControls = ({ plan, onNudge }: SeamControlsProps) => {
  const t = useT();
  return (
    <ol className="merge-seams" data-testid="seams">
      {plan.overlaps.map((overlap, pair) => {
        const body = plan.heights[pair + 1]! - plan.header - plan.footer;
        const set = (rows: number) => onNudge(pair, clampOverlap(rows, body));
        const unsure = !overlap.found || overlap.confidence < UNSURE_BELOW;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a seam is identified by its position
          <li key={pair} className={unsure ? 'merge-seam--unsure' : undefined} data-testid="seam">
            <span>
              {t('utils.merge-image.seam', { from: pair + 1, to: pair + 2 })}
              {overlap.found ? (
                <>
                  {t('utils.merge-image.seam.overlap', {
                    rows: overlap.rows,
                    confidence: Math.round(overlap.confidence * 100),
                  })}
                  {unsure && <strong className="tool-warn"> {t('utils.merge-image.seam.unsure')}</strong>}
                </>
              ) : (
                <strong className="tool-warn">
                  {t('utils.merge-image.seam.none', { rows: overlap.rows })}
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
                aria-label={t('utils.merge-image.seam.rows', { n: pair + 1 })}
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
};
