import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

const lineSchema = () =>
  z.object({
    productId: z.string().min(1, { error: 'Pick a product' }),
    quantity: z.number().int().min(1),
  });

describe('lazySchema (decision 040)', () => {
  it('builds the schema when it is first read, once', () => {
    const build = vi.fn(lineSchema);
    const line = lazySchema(build);
    expect(build).not.toHaveBeenCalled();
    expect(line.parse({ productId: 'p-1', quantity: 2 })).toEqual({ productId: 'p-1', quantity: 2 });
    line.safeParse({});
    expect(build).toHaveBeenCalledOnce();
  });

  it('refuses what the schema refuses, with the same issues', () => {
    const eager = lineSchema();
    const lazy = lazySchema(lineSchema);
    for (const input of [{ productId: '', quantity: 1 }, { productId: 'p', quantity: 0.5 }, null, 'x']) {
      expect(lazy.safeParse(input)).toEqual(eager.safeParse(input));
    }
    expect(() => lazy.parse({ productId: '' })).toThrow(z.ZodError);
  });

  it('is the schema for zod itself: instanceof, its shape, composition, derived schemas', () => {
    const line = lazySchema(lineSchema);
    expect(line).toBeInstanceOf(z.ZodObject);
    expect(Object.keys(line.shape)).toEqual(['productId', 'quantity']);
    const cart = lazySchema(() => z.object({ items: z.array(line), first: line.optional() }));
    expect(cart.parse({ items: [{ productId: 'a', quantity: 1 }] })).toEqual({
      items: [{ productId: 'a', quantity: 1 }],
    });
    expect(cart.safeParse({ items: [{ productId: '', quantity: 1 }] }).error?.issues[0]).toMatchObject({
      path: ['items', 0, 'productId'],
      message: 'Pick a product',
    });
    const named = line.extend({ name: z.string() }).partial({ quantity: true });
    expect(named.parse({ productId: 'a', name: 'Ada' })).toEqual({ productId: 'a', name: 'Ada' });
    expect('_zod' in line).toBe(true);
  });

  it('validates through the standard schema interface and converts to the same JSON Schema', async () => {
    const lazy = lazySchema(lineSchema);
    const result = await lazy['~standard'].validate({ productId: 'a', quantity: 1 });
    expect(result).toEqual({ value: { productId: 'a', quantity: 1 } });
    expect(z.toJSONSchema(lazySchema(() => z.object({ line: lazy })))).toEqual(
      z.toJSONSchema(z.object({ line: lineSchema() })),
    );
  });
});
