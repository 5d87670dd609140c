import { describe, expect, it } from 'vitest';
import { pagePath, pageRoutes, publicPagePaths } from './routes';

describe('page routes', () => {
  it('fills and encodes the parameters of a pattern', () => {
    expect(pagePath(pageRoutes.product, { id: 'a b/c' })).toBe('/product/a%20b%2Fc');
    expect(pagePath(pageRoutes.home, {})).toBe('/');
  });

  it('lists only parameterless pages as public paths', () => {
    for (const path of publicPagePaths) expect(path).not.toContain(':');
  });
});
