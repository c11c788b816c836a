/**
 * The spellings of a held word that were shown publicly before issue 40.2 (7 of 11), and the
 * others around them: each has the held word's form.
 */
export const disguisesOfCasino: readonly (readonly [string, string])[] = [
  ['plain', 'casino'],
  ['in capitals', 'CASINO'],
  ['in fullwidth letters', 'ｃａｓｉｎｏ'],
  ['split by spaces', 'c a s i n o'],
  ['split by a zero-width space', 'cas\u200bino'],
  ['split by a soft hyphen', 'cas\u00adino'],
  ['split by a zero-width joiner', 'ca\u200dsino'],
  ['split by a zero-width non-joiner', 'casi\u200cno'],
  ['split by a word joiner', 'c\u2060asino'],
  ['split by a byte-order mark', 'casin\ufeffo'],
  ['with a variation selector', 'cas\ufe0fino'],
  ['in Cyrillic look-alikes', 'са\u0073inо'],
  ['in capital Cyrillic look-alikes', 'САЅІNО'],
  ['in Greek look-alikes', 'cαsιnο'],
  ['with combining accents', 'casi\u0301no\u0301'],
  ['with precomposed accents', 'casínó'],
  ['under a stack of marks', 'c\u0336a\u0336s\u0308\u0336i\u0336n\u0336o\u0336'],
  ['in mathematical letters', '𝐜𝐚𝐬𝐢𝐧𝐨'],
];

export const disguisesOfGamblingHall: readonly (readonly [string, string])[] = [
  ['plain', '赌场'],
  ['split by a zero-width space', '赌\u200b场'],
  ['split by a word joiner', '赌\u2060场'],
  ['split by a space', '赌 场'],
  ['split by an ideographic space', '赌\u3000场'],
];
