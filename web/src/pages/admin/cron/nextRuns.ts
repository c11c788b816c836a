import { Cron } from 'croner';
import { cronMessage } from './cronMessage.ts';

/**
 * The next `count` times a cron expression fires after `from`, or the reason it is not one (the
 * server reads it with the same library, so what passes here passes there), said in the active language.
 */
export const nextRuns = (
  expression: string,
  count = 5,
  from: Date = new Date(),
): { runs: Date[]; error: null } | { runs: []; error: string } => {
  try {
    const cron = new Cron(expression.trim(), { paused: true });
    return { runs: cron.nextRuns(count, from), error: null };
  } catch (error) {
    return {
      runs: [],
      error: cronMessage(error instanceof Error ? error.message : String(error), expression),
    };
  }
};
