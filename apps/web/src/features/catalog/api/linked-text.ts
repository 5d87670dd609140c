/**
 * Fetching a description or terms given as a URL (docs/product/browsing.md#product-page), loaded by
 * `useProductText` only for a product that has one (decision 023).
 */
export async function getLinkedText(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Could not load ${url} (${response.status})`);
  const body = await response.text();
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.includes('html')) return body.trim();
  return htmlToText(body);
}

const BLOCKS = 'p, li, div, tr, h1, h2, h3, h4, h5, h6, section, article, header, footer';
/** Marks a line break between blocks; the source's own newlines are only whitespace in HTML. */
const BREAK = '\uE000';

/** The visible text of an HTML page, one line per block, so terms still split into a list. */
export function htmlToText(html: string): string {
  const page = new DOMParser().parseFromString(html, 'text/html');
  for (const hidden of page.querySelectorAll('script, style, noscript, template')) hidden.remove();
  for (const br of page.querySelectorAll('br')) br.replaceWith(BREAK);
  for (const block of page.querySelectorAll(BLOCKS)) block.append(BREAK);
  return (page.body.textContent ?? '')
    .split(BREAK)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}
