/**
 * Text hygiene shared by every edge: what a string may contain, how a display name is normalised, and the key
 * under which two names count as the same name.
 */

/** A NUL byte or a UTF-16 surrogate without its pair: neither can be stored or rendered, so both are refused. */
// eslint-disable-next-line no-control-regex -- matching the NUL byte is the point
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isSafeText(s: string): boolean {
  return !UNSAFE_TEXT.test(s);
}

/** The first unsafe string found in a JSON-like value (keys included), or null; stops at a depth of 32. */
export function findUnsafeText(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return isSafeText(value) ? null : value;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (const v of value) if (findUnsafeText(v, depth + 1) !== null) return '';
    return null;
  }
  for (const [k, v] of Object.entries(value)) {
    if (!isSafeText(k) || findUnsafeText(v, depth + 1) !== null) return '';
  }
  return null;
}

// Format characters (zero-width space/joiners, bidi controls, soft hyphen, BOM) and variation selectors render as
// nothing, so "Ann" and "An\u200Bn" would look the same on every phone.
const INVISIBLE_CODE_POINTS = new Set([0x034f, 0x115f, 0x1160, 0x17b4, 0x17b5, 0x180b, 0x180c, 0x180d, 0x180e, 0x180f, 0x3164, 0xffa0]);
const isInvisible = (ch: string): boolean => {
  const cp = ch.codePointAt(0) ?? 0;
  return /\p{Cf}/u.test(ch) || INVISIBLE_CODE_POINTS.has(cp) || (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef);
};
const CONTROL = /\p{Cc}/u;

/** NFKC (full-width and ligature forms become plain letters), invisible characters dropped, spaces collapsed. */
export function normaliseDisplayName(s: string): string {
  let out = '';
  for (const ch of s.normalize('NFKC')) if (!isInvisible(ch)) out += ch;
  return out.replace(/\s+/gu, ' ').trim();
}

export function hasControlCharacters(s: string): boolean {
  return CONTROL.test(s);
}

// Alphabets whose letters are look-alikes of each other: a name may use one of them, never two.
const LOOKALIKE_SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u, /\p{Script=Armenian}/u, /\p{Script=Cherokee}/u];

/** True when the name's letters mix two alphabets that share look-alike letters (e.g. Latin "a" and Cyrillic "а"). */
export function mixesLookalikeScripts(s: string): boolean {
  let seen = -1;
  for (const ch of s) {
    const i = LOOKALIKE_SCRIPTS.findIndex((re) => re.test(ch));
    if (i < 0) continue;
    if (seen >= 0 && seen !== i) return true;
    seen = i;
  }
  return false;
}

// Whole-script look-alikes (a name written entirely in Cyrillic that reads as a Latin one) and the letters that
// most fonts draw alike, folded to one letter for the duplicate check only.
const CONFUSABLES: Record<string, string> = {
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x',
  і: 'i', ї: 'i', ј: 'j', ѕ: 's', ԁ: 'd', ԛ: 'q', ԝ: 'w', һ: 'h', ӏ: 'i', ʏ: 'y',
  α: 'a', β: 'b', ε: 'e', η: 'n', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', ϲ: 'c',
  l: 'i', '|': 'i', '0': 'o',
};

/** Two display names with the same key are the same name in a game (case, width, invisibles and look-alikes folded). */
export function nameKey(displayName: string): string {
  const base = normaliseDisplayName(displayName).toLowerCase();
  let out = '';
  for (const ch of base) out += CONFUSABLES[ch] ?? ch;
  return out;
}
