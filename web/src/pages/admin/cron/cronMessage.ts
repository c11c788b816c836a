/** The fields of a cron expression, by croner's names: what the owner calls them and what they take. */
const fields: Record<string, { name: string; range: string }> = {
  second: { name: '秒', range: '0–59' },
  minute: { name: '分', range: '0–59' },
  hour: { name: '时', range: '0–23' },
  day: { name: '日', range: '1–31' },
  month: { name: '月', range: '1–12' },
  dayOfWeek: { name: '周', range: '0–7（0 和 7 都是周日）' },
  year: { name: '年', range: '1–9999' },
};

/** croner's English messages, each with the Chinese sentence that says the same thing. */
const rules: [RegExp, (m: RegExpExecArray, expression: string) => string][] = [
  [
    /invalid configuration format/i,
    (_, expression) => {
      const parts = expression.trim() === '' ? 0 : expression.trim().split(/\s+/).length;
      return `需要 5 段（分 时 日 月 周）或 6 段（最前加秒），用空格隔开；现在是 ${parts} 段`;
    },
  ],
  [
    /Invalid value for (\w+)/,
    (m) => {
      const field = fields[m[1] ?? ''];
      return field ? `「${field.name}」的值超出范围，应为 ${field.range}` : '有一段的值超出范围';
    },
  ],
  [
    /configuration entry (\d+) \((.*)\) contains illegal characters/,
    (m) => `第 ${m[1]} 段「${m[2]}」含有不认识的字符`,
  ],
  [/From value is larger than to value: '(.*)'/, (m) => `范围「${m[1]}」的起点大于终点`],
  [/illegal stepping: 0/, () => '步长不能是 0'],
  [
    /stepping with (?:numeric|missing) prefix \('(.*?)'\)/,
    (m) => `「${m[1]}」：步长要写在 * 或范围后面，如 */5、0-30/5`,
  ],
  [/steps cannot be greater than maximum/, () => '步长大于这一段允许的最大值'],
  [/illegal (?:stepping|range|range with stepping): '(.*?)'/, (m) => `「${m[1]}」写法不对`],
  [
    /L modifier|nth \(#\)|W is not allowed|Nearest weekday|LW can not|illegal nth weekday/,
    () => 'L、W、# 只能用在日或周那一段，且要单独使用',
  ],
  [/month or day name has to stand alone/, () => '月份或星期的英文名要单独写，不能放进范围或步长'],
];

/** What is wrong with a cron expression, in Chinese, from croner's English error message. */
export const cronMessage = (english: string, expression: string): string => {
  for (const [pattern, say] of rules) {
    const match = pattern.exec(english);
    if (match) return say(match, expression);
  }
  return '不是有效的 cron 表达式';
};
