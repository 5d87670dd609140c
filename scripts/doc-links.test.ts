import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { brokenLinks, describeBrokenLinks, outsideCitations } from './doc-links';

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

  it('nothing in the repository cites a file, a specification section or an issue outside it', () => {
    const found = outsideCitations(root);
    expect(found, `citations of what is not in the repository:\n${describeBrokenLinks(found)}`).toEqual([]);
  });

  it('the citation check finds each kind in a fixture', () => {
    // Written at run time, so that the repository itself holds no such citation: the words are
    // put together from parts.
    const tree = mkdtempSync(join(tmpdir(), 'doc-citations-'));
    try {
      mkdirSync(join(tree, 'docs'));
      mkdirSync(join(tree, '.ci'));
      const [spec, issue, shared] = ['Spec' + ' 000', 'Issue' + ' 12', '..' + '/shared'];
      const page = ['docs', 'buying.md'].join('/');
      writeFileSync(join(tree, page), `# Buying\n\n${spec} section 5 and ${issue} said so.\n`);
      writeFileSync(join(tree, '.ci', 'run'), `#!/usr/bin/env bash\n# The design: ${shared}/DESIGN.md\n`);
      writeFileSync(join(tree, 'README.md'), `# Fine\n\nSee the buying page and ${'issue' + ' #7'}.\n`);
      expect(outsideCitations(tree).map((found) => `${found.file}:${found.line}: ${found.target}`)).toEqual([
        `README.md:3: ${'issue' + ' #7'}`,
        `${page}:3: ${spec}`,
        `${page}:3: ${issue}`,
        `.ci/run:2: ${shared}`,
      ]);
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  });
});
