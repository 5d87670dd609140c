import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { brokenLinks, describeBrokenLinks } from './doc-links';

// Every relative link of README.md and docs/, and every docs/….md path named in the code, leads to
// a file and, with an anchor, to one of its headings (scripts/doc-links.ts).

const root = fileURLToPath(new URL('..', import.meta.url));
const fixture = fileURLToPath(new URL('./fixtures/doc-links/', import.meta.url));

describe('links to the docs', () => {
  it('every one in the repository leads to a file and a heading', () => {
    const broken = brokenLinks(root);
    expect(broken, `broken links:\n${describeBrokenLinks(broken)}`).toEqual([]);
  });

  it('the checker finds each kind of broken link in a fixture, and passes the good ones', () => {
    // The fixture's README, a doc and a source file hold one link of each kind, good and broken;
    // broken.txt lists the broken ones the checker must report, in its words.
    const expected = readFileSync(join(fixture, 'broken.txt'), 'utf8').trim();
    expect(describeBrokenLinks(brokenLinks(fixture))).toBe(expected);
  });
});
