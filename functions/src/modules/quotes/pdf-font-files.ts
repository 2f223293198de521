/**
 * The files the quote PDF reads at run time, as package paths (ADR 098). The Noto fonts come from the
 * Google Fonts packages of @expo-google-fonts (OFL-1.1, licence beside each font); the HarfBuzz subsetter's
 * WebAssembly from harfbuzzjs, which subset-font loads with `require.resolve`. infra/src/lambda-bundle.ts
 * copies each file to `node_modules/<path>` beside a Lambda bundle that contains the PDF code, so the same
 * `require.resolve` finds them locally and in Lambda. Keep this module free of imports: infra reads it.
 */
export const PDF_FONT_FILES = {
  /** Latin (with Vietnamese), Greek, Cyrillic: everything that is not CJK. */
  sansRegular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  sansBold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  /** Han (simplified and traditional, Japanese kanji), kana, CJK punctuation and full-width forms. */
  cjk: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  /** Hangul, which Noto Sans SC does not have. */
  korean: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
} as const;

export const PDF_RUNTIME_FILES: readonly string[] = [
  ...Object.values(PDF_FONT_FILES),
  '@expo-google-fonts/noto-sans/LICENSE_FONT',
  '@expo-google-fonts/noto-sans-sc/LICENSE_FONT',
  '@expo-google-fonts/noto-sans-kr/LICENSE_FONT',
  'harfbuzzjs/dist/harfbuzz-subset.wasm',
];
