import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { jsPDF } from 'jspdf';
import subsetFont from 'subset-font';
import { PDF_FONT_FILES } from './pdf-font-files';

/**
 * Text in the quote PDF in any script we ship a font for (ADR 098). jsPDF draws a string in one font, and
 * no single Noto font has Latin, Greek, Cyrillic, Han, kana and Hangul, so each grapheme is drawn in the
 * first font of the chain that has all its characters (Noto Sans, then Noto Sans SC, then Noto Sans KR),
 * and consecutive graphemes of one font make one `doc.text` call. A grapheme no font has (an emoji, Arabic,
 * Thai…) prints as one U+FFFD "�", so a reader sees that something was there. Invisible characters (controls,
 * zero-width joiners, variation selectors) are left out; a tab is a space.
 *
 * The fonts are subset with HarfBuzz (subset-font) to the characters of the document before jsPDF parses
 * them: jsPDF would otherwise parse the whole 10 MB CJK font on every document. A CJK font is read only
 * when the document has characters that Noto Sans lacks.
 */

export type FontStyle = 'normal' | 'bold';
export type Align = 'left' | 'right' | 'center';

interface Face {
  family: string;
  regular: string;
  bold?: string;
}

const CHAIN: readonly Face[] = [
  { family: 'NotoSans', regular: PDF_FONT_FILES.sansRegular, bold: PDF_FONT_FILES.sansBold },
  { family: 'NotoSansSC', regular: PDF_FONT_FILES.cjk },
  { family: 'NotoSansKR', regular: PDF_FONT_FILES.korean },
];

/** What the document prints besides its data (labels, money, dates) and the replacement character. */
const ALWAYS = [
  [0x20, 0x7e],
  [0xa0, 0xff],
  [0x2000, 0x206f],
  [0x20a0, 0x20bf],
  [0xfffd, 0xfffd],
]
  .map(([from, to]) => String.fromCodePoint(...Array.from({ length: to! - from! + 1 }, (_, i) => from! + i)))
  .join('');
const REPLACEMENT = '\uFFFD';
/** Never drawn: controls (a tab becomes a space first), zero-width and other default-ignorable characters. */
const INVISIBLE = /[\p{Cc}\p{Default_Ignorable_Code_Point}]/u;
/** Scripts written without spaces: a line may break before or after any of their characters. */
const NO_SPACES = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;

const resolveFrom = createRequire(import.meta.url);
/** The font files, read once per process (a warm Lambda keeps them). */
const files = new Map<string, Promise<Buffer>>();
function fontFile(path: string): Promise<Buffer> {
  let file = files.get(path);
  if (!file) {
    file = readFile(resolveFrom.resolve(path));
    files.set(path, file);
    file.catch(() => files.delete(path));
  }
  return file;
}

interface TtfMetadata {
  characterToGlyph(code: number): number;
}
interface JsPdfFont {
  metadata: TtfMetadata;
}
type TtfParser = { open(bytes: Uint8Array): TtfMetadata };

interface LoadedFace {
  family: string;
  hasBold: boolean;
  covers: Set<number>;
}

export interface Run {
  family: string;
  style: FontStyle;
  text: string;
}

export interface TextStyle {
  size: number;
  style?: FontStyle;
}

/**
 * Adds the fonts `text` needs to `doc` (subset to the characters of `text` plus what every document prints)
 * and answers the object that measures, wraps and draws text in them.
 */
export async function embedFonts(doc: jsPDF, text: string): Promise<PdfText> {
  let missing = new Set<number>();
  for (const ch of ALWAYS + text) {
    const code = ch.codePointAt(0)!;
    // jsPDF writes 16-bit glyph codes from UTF-16 units: characters past the BMP cannot be drawn.
    if (code <= 0xffff && !INVISIBLE.test(ch)) missing.add(code);
  }
  const faces: LoadedFace[] = [];
  for (const face of CHAIN) {
    if (!missing.size) break;
    const chars = String.fromCodePoint(...missing);
    const regular = await subset(face.regular, chars);
    const parsed = (jsPDF.API as unknown as { TTFFont: TtfParser }).TTFFont.open(regular);
    const covers = new Set([...missing].filter((code) => parsed.characterToGlyph(code) !== 0));
    if (!covers.size) continue;
    addFont(doc, face.family, 'normal', regular);
    if (face.bold) addFont(doc, face.family, 'bold', await subset(face.bold, String.fromCodePoint(...covers)));
    faces.push({ family: face.family, hasBold: Boolean(face.bold), covers });
    missing = new Set([...missing].filter((code) => !covers.has(code)));
  }
  if (faces[0]?.family !== CHAIN[0]!.family) throw new Error('Noto Sans has none of the characters every document prints');
  return new PdfText(doc, faces);
}

async function subset(path: string, chars: string): Promise<Buffer> {
  return subsetFont(await fontFile(path), chars, { targetFormat: 'truetype', noLayoutClosure: true });
}

function addFont(doc: jsPDF, family: string, style: FontStyle, ttf: Buffer): void {
  const file = `${family}-${style}.ttf`;
  // jsPDF takes a TrueType file as a binary string (one character per byte) and writes it Identity-H.
  doc.addFileToVFS(file, ttf.toString('latin1'));
  doc.addFont(file, family, style, undefined, 'Identity-H');
}

interface Glyph {
  family: string;
  style: FontStyle;
  /** What is drawn: the grapheme without invisible characters, or U+FFFD. */
  text: string;
  /** Advance width at a font size of 1 pt. */
  unitWidth: number;
}

export class PdfText {
  private readonly graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
  /** Each grapheme's font and width, by style: a document measures the same few hundred again and again. */
  private readonly glyphs = new Map<string, Glyph | null>();

  constructor(
    private readonly doc: jsPDF,
    private readonly faces: LoadedFace[],
  ) {}

  /** The font every document has (Noto Sans), for autoTable and labels. */
  get baseFamily(): string {
    return this.faces[0]!.family;
  }

  private split(text: string): string[] {
    return Array.from(this.graphemes.segment(text.replace(/\t/g, ' ')), (s) => s.segment);
  }

  /** How one grapheme is drawn; null when it has nothing visible. See the module comment. */
  private glyph(grapheme: string, style: FontStyle): Glyph | null {
    const key = `${style}\u0000${grapheme}`;
    let glyph = this.glyphs.get(key);
    if (glyph !== undefined) return glyph;
    const codes = [...grapheme].filter((ch) => !INVISIBLE.test(ch)).map((ch) => ch.codePointAt(0)!);
    if (!codes.length) glyph = null;
    else {
      const face = this.faces.find((f) => codes.every((code) => f.covers.has(code)));
      const family = face?.family ?? this.baseFamily;
      const glyphStyle: FontStyle = style === 'bold' && (face ?? this.faces[0]!).hasBold ? 'bold' : 'normal';
      const text = face ? String.fromCodePoint(...codes) : REPLACEMENT;
      const internal = this.doc.internal as unknown as { getFont(family: string, style: string): JsPdfFont };
      const unitWidth = this.doc.getStringUnitWidth(text, { font: internal.getFont(family, glyphStyle), fontSize: 1 });
      glyph = { family, style: glyphStyle, text, unitWidth };
    }
    this.glyphs.set(key, glyph);
    return glyph;
  }

  /** `text` as runs of one font each, with their widths at `size`. */
  runs(text: string, { size, style = 'normal' }: TextStyle): (Run & { width: number })[] {
    const runs: (Run & { width: number })[] = [];
    for (const grapheme of this.split(text)) {
      const glyph = this.glyph(grapheme, style);
      if (!glyph) continue;
      const last = runs.at(-1);
      if (last && last.family === glyph.family && last.style === glyph.style) {
        last.text += glyph.text;
        last.width += glyph.unitWidth * size;
      } else runs.push({ family: glyph.family, style: glyph.style, text: glyph.text, width: glyph.unitWidth * size });
    }
    return runs;
  }

  /** The width of `text` in points. */
  width(text: string, textStyle: TextStyle): number {
    return this.split(text).reduce((sum, grapheme) => sum + (this.glyph(grapheme, textStyle.style ?? 'normal')?.unitWidth ?? 0) * textStyle.size, 0);
  }

  /**
   * `text` broken into lines no wider than `maxWidth`: at line breaks of the text, at spaces, around
   * characters of scripts written without spaces (Han, kana), and inside a word that is wider than a line.
   */
  wrap(text: string, textStyle: TextStyle, maxWidth: number): string[] {
    const lines: string[] = [];
    for (const paragraph of text.replace(/\r\n?/g, '\n').split('\n')) {
      const tokens = paragraph.match(/\s+|[^\s]/gu) ?? [];
      // Join characters into words: a word ends at a space and around a character written without spaces.
      const words: string[] = [];
      for (const token of tokens) {
        const prev = words.at(-1);
        const joins = prev !== undefined && !/\s/u.test(token) && !/\s$/u.test(prev) && !NO_SPACES.test(token) && !NO_SPACES.test(prev.at(-1)!);
        if (joins) words[words.length - 1] += token;
        else words.push(token);
      }
      let line = '';
      let lineWidth = 0;
      for (const word of words) {
        const wordWidth = this.width(word, textStyle);
        if (/^\s+$/u.test(word)) {
          if (line) {
            line += word;
            lineWidth += wordWidth;
          }
          continue;
        }
        if (lineWidth + wordWidth <= maxWidth) {
          line += word;
          lineWidth += wordWidth;
          continue;
        }
        if (line.trim()) lines.push(line.trimEnd());
        line = '';
        lineWidth = 0;
        if (wordWidth <= maxWidth) {
          line = word;
          lineWidth = wordWidth;
          continue;
        }
        // A word wider than the line is broken between graphemes.
        for (const grapheme of this.split(word)) {
          const width = this.width(grapheme, textStyle);
          if (line && lineWidth + width > maxWidth) {
            lines.push(line);
            line = '';
            lineWidth = 0;
          }
          line += grapheme;
          lineWidth += width;
        }
      }
      lines.push(line.trimEnd());
    }
    return lines;
  }

  /** Draws one line with its left edge (or its right edge, or its centre) at x, baseline at y. */
  drawLine(line: string, x: number, y: number, { size, style = 'normal', align = 'left' }: TextStyle & { align?: Align }): void {
    const runs = this.runs(line, { size, style });
    const total = runs.reduce((sum, run) => sum + run.width, 0);
    let cx = align === 'right' ? x - total : align === 'center' ? x - total / 2 : x;
    for (const run of runs) {
      this.doc.setFont(run.family, run.style).setFontSize(size).text(run.text, cx, y);
      cx += run.width;
    }
  }
}
