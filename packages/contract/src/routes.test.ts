import { describe, expect, it } from 'vitest';
import { matchPageRoute, pagePath, pageRoutes, publicPagePaths } from './routes';

describe('page routes', () => {
  it('fills and encodes the parameters of a pattern', () => {
    expect(pagePath(pageRoutes.product, { id: 'a b/c' })).toBe('/product/a%20b%2Fc');
    expect(pagePath(pageRoutes.home, {})).toBe('/');
  });

  it('lists only parameterless pages as public paths', () => {
    for (const path of publicPagePaths) expect(path).not.toContain(':');
  });
});

describe('matching a path to its page', () => {
  it('matches every page by its pattern, parameters by any one segment', () => {
    expect(matchPageRoute('/')).toBe(pageRoutes.home);
    expect(matchPageRoute('/cart')).toBe(pageRoutes.cart);
    expect(matchPageRoute('/refund-policy')).toBe(pageRoutes.refundPolicy);
    expect(matchPageRoute('/product/abc123')).toBe(pageRoutes.product);
    expect(matchPageRoute('/product/a%20b')).toBe(pageRoutes.product);
    expect(matchPageRoute('/verify/some-token')).toBe(pageRoutes.verify);
    expect(matchPageRoute('/gift/t0k3n')).toBe(pageRoutes.gift);
    expect(matchPageRoute('/vouchers/v1')).toBe(pageRoutes.voucher);
    for (const pattern of Object.values(pageRoutes)) {
      expect(matchPageRoute(pattern.replace(/:\w+/g, 'x')), pattern).toBe(pattern);
    }
  });

  it('ignores case and trailing slashes, as the router does', () => {
    expect(matchPageRoute('/Cart')).toBe(pageRoutes.cart);
    expect(matchPageRoute('/ABOUT/')).toBe(pageRoutes.about);
    expect(matchPageRoute('/product/abc/')).toBe(pageRoutes.product);
    expect(matchPageRoute('//')).toBe(pageRoutes.home);
  });

  it('matches every path under the console, whose own router draws its pages', () => {
    for (const path of ['/ops', '/ops/', '/OPS/login', '/ops/team', '/ops/customers/c1/vouchers']) {
      expect(matchPageRoute(path), path).toBe(pageRoutes.ops);
    }
    expect(matchPageRoute('/opsx')).toBeUndefined();
    expect(matchPageRoute('/x/ops')).toBeUndefined();
  });

  it('knows no page for other paths', () => {
    for (const path of [
      '/nope',
      '/product',
      '/product/',
      '/product/a/b',
      '/cart/x',
      '/verify',
      '/wallet//x',
      '//cart',
      'cart',
    ]) {
      expect(matchPageRoute(path), path).toBeUndefined();
    }
  });
});
