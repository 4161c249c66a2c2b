import PDFDocument from 'pdfkit';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Fonts of the PDF case file, from installed @fontsource packages (nothing fetched at run time): Special Elite for
 * the typewritten labels, Noto Serif for reading text (Latin and Latin Extended), and Noto Emoji (monochrome, the
 * only kind a PDF font can draw) for emoji. Each package splits a font into unicode-range subsets; the ranges are read
 * from the package's own CSS so every code point is drawn with the subset that holds it.
 */
const require = createRequire(import.meta.url);

export interface FontFace {
  /** Name registered with PDFKit. */
  name: string;
  file: string;
  ranges: Array<[number, number]>;
}

function packageDir(pkg: string): string {
  return path.dirname(require.resolve(`${pkg}/package.json`));
}

function parseRanges(spec: string): Array<[number, number]> {
  return spec.split(',').map((part) => {
    const [a, b] = part.trim().replace(/^U\+/i, '').split('-');
    const lo = parseInt(a ?? '0', 16);
    return [lo, b ? parseInt(b, 16) : lo];
  });
}

/** The faces a @fontsource CSS file declares (only the subsets whose name matches `subset`, when given). */
function facesOf(pkg: string, css: string, prefix: string, subset?: RegExp): FontFace[] {
  const dir = packageDir(pkg);
  const text = readFileSync(path.join(dir, css), 'utf8');
  const faces: FontFace[] = [];
  for (const block of text.split('@font-face').slice(1)) {
    const woff = /url\(\.\/files\/([^)]+\.woff)\) format\('woff'\)/.exec(block)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(block)?.[1];
    if (!woff || !range || (subset && !subset.test(woff))) continue;
    faces.push({ name: `${prefix}-${faces.length}`, file: path.join(dir, 'files', woff), ranges: parseRanges(range) });
  }
  return faces;
}

export interface CaseFileFonts {
  serif: FontFace[];
  serifBold: FontFace[];
  typewriter: FontFace[];
  emoji: FontFace[];
}

let cached: CaseFileFonts | null = null;
export function caseFileFonts(): CaseFileFonts {
  cached ??= {
    serif: facesOf('@fontsource/noto-serif', '400.css', 'serif', /-(latin|latin-ext)-400-normal/),
    serifBold: facesOf('@fontsource/noto-serif', '700.css', 'serif-bold', /-(latin|latin-ext)-700-normal/),
    typewriter: facesOf('@fontsource/special-elite', '400.css', 'typewriter'),
    emoji: facesOf('@fontsource/noto-emoji', '400.css', 'emoji'),
  };
  return cached;
}

const inRanges = (cp: number, f: FontFace) => f.ranges.some(([lo, hi]) => cp >= lo && cp <= hi);
// Emoji presentation: pictographs, and the joiners/selectors that glue them (kept with the emoji run).
const EMOJI = /\p{Extended_Pictographic}|\u200d|\ufe0f|\p{Regional_Indicator}/u;

export interface Run {
  font: string;
  text: string;
}

/**
 * Splits text into runs of one font each: emoji to the Noto Emoji subset that holds them, everything else to the
 * first text face that has it; a character no face covers becomes '?' rather than an empty box.
 */
export function fontRuns(text: string, faces: FontFace[], emoji: FontFace[]): Run[] {
  const runs: Run[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    let font: string | undefined;
    let out = ch;
    if (ch === '\n' || ch === '\t') font = runs.at(-1)?.font ?? faces[0]?.name;
    else if (EMOJI.test(ch)) font = emoji.find((f) => inRanges(cp, f))?.name;
    else font = faces.find((f) => inRanges(cp, f))?.name;
    if (!font) {
      font = faces[0]?.name ?? 'Helvetica';
      out = '?';
    }
    const last = runs.at(-1);
    if (last && last.font === font) last.text += out;
    else runs.push({ font, text: out });
  }
  return runs;
}

export type PdfStyle = 'serif' | 'serifBold' | 'typewriter';

/** The case file's inks: body text, the red of headings and stamps, muted notes. */
export const INK = '#2b2118';
export const RED = '#9c2f25';
export const MUTED = '#6b5a45';

/** Latin-1 only, for the document's metadata (the title in the PDF's info dictionary). */
export function pdfSafe(text: string): string {
  return text
    .replace(/[\u2018\u2019\u201B]/g, "'")
    .replace(/[\u201C\u201D\u201F]/g, '"')
    .replace(/[\u2013\u2014\u2212]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/\u00A0/g, ' ')
    .replace(/[^\n\t\x20-\x7E\xA1-\xFF]/g, '?');
}

/**
 * A new A4 document with the case-file fonts registered (emoji included) and the faces of each style, each falling
 * back to the serif for characters its font lacks, with its two pens: `write` (text in one style, emoji drawn by the
 * emoji font; `continued` keeps the line open) and `heading` (typewritten capitals in red over a rule). Streams stay
 * uncompressed so tests and mail filters can read the text; `done` resolves with the bytes once the caller ends
 * the document.
 */
export function openCaseFilePdf(opts: { title: string; margin: number }) {
  const doc = new PDFDocument({ size: 'A4', margin: opts.margin, compress: false, info: { Title: pdfSafe(opts.title) } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const fonts = caseFileFonts();
  for (const f of [...fonts.serif, ...fonts.serifBold, ...fonts.typewriter, ...fonts.emoji]) doc.registerFont(f.name, f.file);
  const faces: Record<PdfStyle, FontFace[]> = {
    serif: fonts.serif,
    serifBold: [...fonts.serifBold, ...fonts.serif],
    typewriter: [...fonts.typewriter, ...fonts.serif],
  };
  const write = (text: string, style: PdfStyle, size: number, color = INK, textOpts: PDFKit.Mixins.TextOptions = {}) => {
    const runs = fontRuns(text, faces[style], fonts.emoji);
    doc.fontSize(size).fillColor(color);
    runs.forEach((r, i) => doc.font(r.font).text(r.text, { ...textOpts, continued: i < runs.length - 1 ? true : (textOpts.continued ?? false) }));
    if (runs.length === 0) doc.text('', textOpts);
  };
  const heading = (text: string) => {
    doc.moveDown(0.9);
    write(text.toUpperCase(), 'typewriter', 13, RED, { characterSpacing: 1 });
    const y = doc.y + 2;
    doc.save().moveTo(doc.page.margins.left, y).lineTo(doc.page.width - doc.page.margins.right, y).lineWidth(0.6).strokeColor(RED).stroke().restore();
    doc.moveDown(0.5);
  };
  return { doc, done, fonts, write, heading };
}
