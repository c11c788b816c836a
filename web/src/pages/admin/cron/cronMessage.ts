import { t } from '../../../i18n/i18n.ts';

/**
 * The fields of a cron expression, by croner's names: what they take (the day of the week's range
 * is in words: 0 and 7 are both Sunday). What the owner calls each is `admin.cron.field.<name>`.
 */
const ranges: Record<string, () => string> = {
  second: () => '0–59',
  minute: () => '0–59',
  hour: () => '0–23',
  day: () => '1–31',
  month: () => '1–12',
  dayOfWeek: () => t('admin.cron.range.dayOfWeek'),
  year: () => '1–9999',
};

/** croner's English messages, each with the owner's sentence that says the same thing. */
const rules: [RegExp, (m: RegExpExecArray, expression: string) => string][] = [
  [
    /invalid configuration format/i,
    (_, expression) => {
      const parts = expression.trim() === '' ? 0 : expression.trim().split(/\s+/).length;
      return t('admin.cron.error.fields', { count: parts });
    },
  ],
  [
    /Invalid value for (\w+)/,
    (m) => {
      const name = m[1] ?? '';
      const range = ranges[name];
      return range
        ? t('admin.cron.error.range', { field: t(`admin.cron.field.${name}`), range: range() })
        : t('admin.cron.error.someRange');
    },
  ],
  [
    /configuration entry (\d+) \((.*)\) contains illegal characters/,
    (m) => t('admin.cron.error.characters', { index: m[1], text: m[2] }),
  ],
  [/From value is larger than to value: '(.*)'/, (m) => t('admin.cron.error.rangeOrder', { range: m[1] })],
  [/illegal stepping: 0/, () => t('admin.cron.error.zeroStep')],
  [
    /stepping with (?:numeric|missing) prefix \('(.*?)'\)/,
    (m) => t('admin.cron.error.stepPrefix', { text: m[1] }),
  ],
  [/steps cannot be greater than maximum/, () => t('admin.cron.error.stepTooBig')],
  [
    /illegal (?:stepping|range|range with stepping): '(.*?)'/,
    (m) => t('admin.cron.error.syntax', { text: m[1] }),
  ],
  [
    /L modifier|nth \(#\)|W is not allowed|Nearest weekday|LW can not|illegal nth weekday/,
    () => t('admin.cron.error.special'),
  ],
  [/month or day name has to stand alone/, () => t('admin.cron.error.names')],
];

/** What is wrong with a cron expression, in the active language, from croner's English error message. */
export const cronMessage = (english: string, expression: string): string => {
  for (const [pattern, say] of rules) {
    const match = pattern.exec(english);
    if (match) return say(match, expression);
  }
  return t('admin.cron.error.invalid');
};
