/**
 * Paragraphs of server plain text (a performer's bio, a review's body): separated by blank lines,
 * inner line breaks kept by CSS. Rendered as React text, so nothing in it is ever read as HTML.
 */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}
