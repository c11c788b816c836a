import { createRequire } from 'node:module';

/**
 * The form in which held and banned words are compared with a comment (issue 40.2): what a reader
 * sees, not how it was typed. Both the owner's words and the visitor's text go through it, so a
 * fold that merges two spellings merges them on both sides alike.
 */

/** Code points that draw nothing: zero-width space and joiners, soft hyphen, word joiner, BOM, variation selectors… */
const ignorable = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * Combining marks shared by every script (accents, Zalgo stacks, enclosing circles) and those of
 * Latin, Greek and Cyrillic. Not kana's voiced marks (が is not か) nor the vowel signs of Indic,
 * Thai or Hebrew writing, which are letters of their words rather than decoration.
 */
const mark = /\p{M}/gu;
const foldedScript = /^[\p{Script=Inherited}\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]$/u;
const kanaVoicing = /^[\u3099\u309A]$/u;
const folds = (m: string): boolean => foldedScript.test(m) && !kanaVoicing.test(m);

const foldMarks = (text: string): string => text.normalize('NFD').replace(mark, (m) => (folds(m) ? '' : m));

/**
 * Characters the skeleton leaves alone. ASCII, because nobody disguises with it and TS #39's folds
 * inside it (m → rn, 1 → l, 0 → O) would make innocent words match ("pompom" for "porn", "101" for
 * "lol"). Han, kana, Hangul and Bopomofo, because the table folds real, different characters there
 * (士 → 土, 鹃 → 鹂, カ → 力): "博士豪宅" would match "土豪". NFKC already folds their disguises
 * (radicals, compatibility ideographs, halfwidth kana).
 */
const keepsItself = /^[\p{ASCII}\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}\p{scx=Bopomofo}]$/u;

let skeleton: Map<string, string> | null = null;

/**
 * Unicode's confusables table (TS #39, `confusables.txt`, as the `unhomoglyph` package ships it),
 * read on first use: each look-alike to its prototype, marks folded, lower case. A look-alike of
 * an ASCII letter whose prototype is several characters (ɱ → rn) maps to that letter (m), since
 * the letter itself keeps itself.
 */
const loadSkeleton = (): Map<string, string> => {
  if (skeleton) return skeleton;
  const table = createRequire(import.meta.url)('unhomoglyph/data.json') as Record<string, string>;
  const asciiOf = new Map<string, string>();
  for (const [source, target] of Object.entries(table)) {
    if (/^[a-z]$/.test(source) && target.length > 1) asciiOf.set(target, source);
  }
  const map = new Map<string, string>();
  for (const [source, target] of Object.entries(table)) {
    if (keepsItself.test(source)) continue;
    const folded = foldMarks(target).toLowerCase();
    map.set(source, asciiOf.get(folded) ?? folded);
  }
  skeleton = map;
  return map;
};

/**
 * NFKC (width, compatibility forms), default-ignorable code points removed, lower case, combining
 * marks folded, look-alikes mapped to their prototypes, whitespace removed ("优 惠" is 优惠).
 */
export const wordFormOf = (text: string): string => {
  const map = loadSkeleton();
  const plain = foldMarks(text.normalize('NFKC').replace(ignorable, '').toLowerCase());
  let mapped = '';
  for (const char of plain) mapped += map.get(char) ?? char;
  return foldMarks(mapped).toLowerCase().normalize('NFC').replace(/\s+/g, '');
};
