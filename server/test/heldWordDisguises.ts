/**
 * Spellings of the held words casino and 赌场, each named: those shown publicly before issue 40.2
 * (7 of 11: zero-width space, soft hyphen, zero-width joiner, word joiner, Cyrillic look-alikes, a
 * combining accent, 赌\u200b场) and the others around them. Each has its word's form.
 */
export const disguisesOfCasino: readonly (readonly [string, string])[] = [
  ['casino plain', 'casino'],
  ['casino in capitals', 'CASINO'],
  ['casino in fullwidth letters', 'ｃａｓｉｎｏ'],
  ['casino split by spaces', 'c a s i n o'],
  ['casino split by a zero-width space', 'cas\u200bino'],
  ['casino split by a soft hyphen', 'cas\u00adino'],
  ['casino split by a zero-width joiner', 'ca\u200dsino'],
  ['casino split by a zero-width non-joiner', 'casi\u200cno'],
  ['casino split by a word joiner', 'c\u2060asino'],
  ['casino split by a byte-order mark', 'casin\ufeffo'],
  ['casino with a variation selector', 'cas\ufe0fino'],
  ['casino in Cyrillic look-alikes', 'са\u0073inо'],
  ['casino in capital Cyrillic look-alikes', 'САЅІNО'],
  ['casino in Greek look-alikes', 'cαsιnο'],
  ['casino with combining accents', 'casi\u0301no\u0301'],
  ['casino with precomposed accents', 'casínó'],
  ['casino under a stack of marks', 'c\u0336a\u0336s\u0308\u0336i\u0336n\u0336o\u0336'],
  ['casino in mathematical letters', '𝐜𝐚𝐬𝐢𝐧𝐨'],
];

export const disguisesOfGamblingHall: readonly (readonly [string, string])[] = [
  ['赌场 plain', '赌场'],
  ['赌场 split by a zero-width space', '赌\u200b场'],
  ['赌场 split by a word joiner', '赌\u2060场'],
  ['赌场 split by a space', '赌 场'],
  ['赌场 split by an ideographic space', '赌\u3000场'],
  ['赌场 split by a soft hyphen', '赌\u00ad场'],
  ['赌场 under a combining accent', '赌\u0301场'],
];
