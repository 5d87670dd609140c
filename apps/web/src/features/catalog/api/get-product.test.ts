import { describe, expect, it } from 'vitest';
import { isTextLink } from './get-product';
import { htmlToText } from './linked-text';

describe('a description or terms given as a URL (docs/product/browsing.md#product-page)', () => {
  it('is recognised by http://, https:// or a leading /', () => {
    expect(isTextLink('https://merchant.example/terms')).toBe(true);
    expect(isTextLink('http://merchant.example/about.txt')).toBe(true);
    expect(isTextLink(' /content/argos-terms.txt ')).toBe(true);
    expect(isTextLink('Valid in Argos stores.\nNo cash alternative.')).toBe(false);
    expect(isTextLink('/ 50% off everything')).toBe(false);
  });

  it('fetched as HTML, shows only its visible text, one line per block', () => {
    const html =
      '<html><head><title>T&amp;Cs</title><style>p{}</style></head><body><h1>Terms</h1>' +
      '<script>alert(1)</script><ul><li>Valid  in\n stores</li><li>No cash<br>alternative</li></ul></body></html>';
    expect(htmlToText(html)).toBe('Terms\nValid in stores\nNo cash\nalternative');
  });
});
