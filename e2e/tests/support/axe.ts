import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export interface Violation {
  rule: string;
  /** The elements that break the rule, as axe names them (CSS selectors). */
  nodes: string[];
}

/**
 * axe-core's findings on the page as it stands, by rule and element: every one with `all`, else
 * only the serious and critical ones. `include` limits the scan to a part of the page (a CSS
 * selector).
 *
 * axe runs in the page itself (the library's "legacy mode"). By default @axe-core/playwright runs
 * it in each frame and then opens a blank page of its own to put the frames' findings together: a
 * new page, and a new renderer, for every scan, about a second of CPU each on this machine, for
 * the sake of cross-origin frames, which no page of the shop has (docs/performance-history.md, "The
 * test loop", eighth pass). The rules and what they find are the same.
 */
export async function axeViolations(
  page: Page,
  { all = false, include }: { all?: boolean; include?: string } = {},
): Promise<Violation[]> {
  const builder = new AxeBuilder({ page }).setLegacyMode();
  if (include) builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => all || violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ rule: violation.id, nodes: violation.nodes.map((node) => node.target.join(' ')) }));
}
