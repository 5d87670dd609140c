import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import GithubSlugger from 'github-slugger';
import type { Nodes } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { toString as textOf } from 'mdast-util-to-string';

// Every link the docs and the code give to the docs must lead somewhere (scripts/doc-links.test.ts):
// a relative Markdown link to a file that exists and, when it names an anchor in a Markdown file,
// to a heading of that file (GitHub's slugs); a repo path such as `docs/product/buying.md#cart`
// mentioned in a code comment or in a doc's text, the same, from the repository's root.

/** One link that leads nowhere: where it is, what it says and why it fails. */
export interface BrokenLink {
  file: string;
  line: number;
  target: string;
  reason: string;
}

/** Folders never walked: installed packages, build output, test output, fixtures made to fail. */
const skippedDirs = new Set(['node_modules', 'dist', '.data', 'test-results', 'playwright-report', 'fixtures', '.git']);

/** A repo path to a Markdown file under docs/, with its anchor, as code and text mention it. */
const docsPathMention = /(?<![\w./-])(docs\/[\w./-]*?\.md)(#[\w-]+)?/g;

const codeExtensions = /\.(ts|tsx|mjs|cjs|js)$/;

/** Files under `dir` (relative to `root`) whose name matches `pattern`, skipping `skippedDirs`. */
export function filesUnder(root: string, dir: string, pattern: RegExp): string[] {
  const start = join(root, dir);
  if (!existsSync(start)) return [];
  const found: string[] = [];
  const walk = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!skippedDirs.has(entry.name)) walk(join(path, entry.name));
      } else if (pattern.test(entry.name)) {
        found.push(relative(root, join(path, entry.name)).split(sep).join('/'));
      }
    }
  };
  walk(start);
  return found.sort();
}

/** The anchors GitHub gives a Markdown file's headings, cached per file. */
function anchorsOf(absolutePath: string, cache: Map<string, Set<string>>): Set<string> {
  let anchors = cache.get(absolutePath);
  if (!anchors) {
    const slugger = new GithubSlugger();
    anchors = new Set();
    const visit = (node: Nodes) => {
      if (node.type === 'heading') anchors?.add(slugger.slug(textOf(node)));
      if ('children' in node) for (const child of node.children) visit(child);
    };
    visit(fromMarkdown(readFileSync(absolutePath, 'utf8')));
    cache.set(absolutePath, anchors);
  }
  return anchors;
}

/** Why `target` (a path, maybe with `#anchor`) read from `base` leads nowhere, or undefined. */
function whyBroken(root: string, base: string, target: string, cache: Map<string, Set<string>>): string | undefined {
  const hash = target.indexOf('#');
  const path = decodeURIComponent(hash === -1 ? target : target.slice(0, hash));
  const anchor = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1));
  const absolute = path === '' ? base : resolve(dirname(base), path);
  if (!absolute.startsWith(resolve(root))) return 'points outside the repository';
  if (!existsSync(absolute)) return 'no such file';
  if (anchor === undefined || anchor === '') return undefined;
  if (!absolute.endsWith('.md') || statSync(absolute).isDirectory()) return undefined;
  return anchorsOf(absolute, cache).has(anchor) ? undefined : `no heading #${anchor} in ${relative(root, absolute)}`;
}

const isExternal = (url: string) => /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//');

/** The broken links of one Markdown file: its relative links, and the docs/ paths its text names. */
export function brokenLinksInMarkdown(root: string, file: string, cache = new Map<string, Set<string>>()) {
  const absolute = join(root, file);
  const broken: BrokenLink[] = [];
  const check = (target: string, line: number, base: string) => {
    const reason = whyBroken(root, base, target, cache);
    if (reason) broken.push({ file, line, target, reason });
  };
  const visit = (node: Nodes) => {
    const line = node.position?.start.line ?? 0;
    if ((node.type === 'link' || node.type === 'image' || node.type === 'definition') && !isExternal(node.url)) {
      check(node.url, line, absolute);
    } else if (node.type === 'text' || node.type === 'inlineCode') {
      for (const match of node.value.matchAll(docsPathMention)) {
        check(`${match[1]}${match[2] ?? ''}`, line, join(root, 'README.md'));
      }
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(fromMarkdown(readFileSync(absolute, 'utf8')));
  return broken;
}

/** The broken `docs/….md#anchor` mentions of one source file (comments, test names), from the root. */
export function brokenLinksInCode(root: string, file: string, cache = new Map<string, Set<string>>()) {
  const broken: BrokenLink[] = [];
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  lines.forEach((text, index) => {
    for (const match of text.matchAll(docsPathMention)) {
      const target = `${match[1]}${match[2] ?? ''}`;
      const reason = whyBroken(root, join(root, 'README.md'), target, cache);
      if (reason) broken.push({ file, line: index + 1, target, reason });
    }
  });
  return broken;
}

/** Every broken link of the repository at `root`: README.md and docs/, then the code's mentions. */
export function brokenLinks(root: string): BrokenLink[] {
  const cache = new Map<string, Set<string>>();
  const markdown = [
    ...(existsSync(join(root, 'README.md')) ? ['README.md'] : []),
    ...filesUnder(root, 'docs', /\.md$/),
  ];
  const code = ['apps', 'packages', 'e2e', 'scripts'].flatMap((dir) => filesUnder(root, dir, codeExtensions));
  return [
    ...markdown.flatMap((file) => brokenLinksInMarkdown(root, file, cache)),
    ...code.flatMap((file) => brokenLinksInCode(root, file, cache)),
  ];
}

/** One line per broken link, for a failing test's message. */
export function describeBrokenLinks(broken: readonly BrokenLink[]): string {
  return broken.map((link) => `${link.file}:${link.line}: ${link.target} (${link.reason})`).join('\n');
}

/**
 * What points outside the repository: the design notes it grew from (a `shared` folder beside
 * it), the numbered sections of the product description kept there, and tracker numbers of
 * issues. The repo stands alone: docs/architecture.md and docs/product/ hold what the code follows.
 */
const outsideCitation = /\.\.\/shared\b|\bspec 0{2}\d\b|\bissues? #?\d+/gi;

/** Every line of the docs, the code, the migrations and the deploy files that cites outside the repo. */
export function outsideCitations(root: string): BrokenLink[] {
  const files = [
    ...(existsSync(join(root, 'README.md')) ? ['README.md'] : []),
    ...['docs', 'apps', 'packages', 'e2e', 'scripts', 'deploy', '.ci'].flatMap((dir) =>
      filesUnder(root, dir, /(\.(md|ts|tsx|mjs|cjs|js|sql|conf|sh)|^run)$/),
    ),
  ];
  return files.flatMap((file) =>
    readFileSync(join(root, file), 'utf8')
      .split('\n')
      .flatMap((text, index) =>
        [...text.matchAll(outsideCitation)].map((match) => ({
          file,
          line: index + 1,
          target: match[0],
          reason: 'cites something outside the repository',
        })),
      ),
  );
}
