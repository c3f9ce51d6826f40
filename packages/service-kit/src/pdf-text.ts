/** What pdf-lib's fonts offer to check a text (so service-kit itself needs no pdf-lib). */
export interface TextEncodingFont {
  encodeText(text: string): unknown;
}

/**
 * A text as a PDF's standard font can print it: those fonts encode WinAnsi only, so any other character
 * (a name in another script, an emoji) prints as '?' rather than failing the whole document.
 */
export function printable(font: TextEncodingFont, text: string): string {
  return [...text]
    .map((ch) => {
      try {
        font.encodeText(ch);
        return ch;
      } catch {
        return '?';
      }
    })
    .join('');
}
