import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { EndpointShape } from './endpoint';
import * as contract from './index';
import { CONTROL_CHARACTERS_MESSAGE, multilineText, multilineTextPattern, singleLineTextPattern, text } from './text';

/** Every endpoint the contract exports, from each `xxxEndpoints` group. */
function allEndpoints(): Array<[string, EndpointShape]> {
  const found: Array<[string, EndpointShape]> = [];
  for (const [groupName, group] of Object.entries(contract)) {
    if (!groupName.endsWith('Endpoints') || typeof group !== 'object' || group === null) continue;
    for (const [name, endpoint] of Object.entries(group)) {
      if (endpoint && typeof endpoint === 'object' && 'method' in endpoint && 'responses' in endpoint) {
        found.push([`${groupName}.${name}`, endpoint as EndpointShape]);
      }
    }
  }
  return found;
}

type Def = Record<string, unknown> & { type: string; checks?: Array<{ _zod: { def: Record<string, unknown> } }> };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** String formats whose own check already refuses every control character. */
const strictFormats = new Set(['email', 'uuid', 'guid', 'cuid', 'cuid2', 'ulid', 'nanoid', 'base64url']);

function isGuarded(def: Def): boolean {
  if (typeof def.format === 'string' && strictFormats.has(def.format)) return true;
  return (def.checks ?? []).some((check) => {
    const pattern = check._zod.def.pattern;
    return pattern === singleLineTextPattern || pattern === multilineTextPattern;
  });
}

/** The paths of the string schemas inside `schema` that do not refuse control characters. */
function unguardedStrings(schema: unknown, path: string, seen = new Set<unknown>()): string[] {
  if (schema === undefined || seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const inner = (child: unknown, suffix = '') => unguardedStrings(child, path + suffix, seen);
  switch (def.type) {
    case 'string':
      return isGuarded(def) ? [] : [path || '(root)'];
    case 'object':
      return [
        ...Object.entries(def.shape as Record<string, unknown>).flatMap(([key, child]) => inner(child, `.${key}`)),
        ...inner(def.catchall),
      ];
    case 'array':
      return inner(def.element, '[]');
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return inner(def.innerType);
    case 'pipe':
      return [...inner(def.in), ...inner(def.out)];
    case 'union':
      return (def.options as unknown[]).flatMap((option) => inner(option));
    case 'intersection':
      return [...inner(def.left), ...inner(def.right)];
    case 'record':
      return [...inner(def.keyType, '{key}'), ...inner(def.valueType, '{}')];
    case 'tuple':
      return [...(def.items as unknown[]).flatMap((item) => inner(item, '[]')), ...inner(def.rest, '[]')];
    case 'lazy':
      return inner((def.getter as () => unknown)());
    default:
      // number, boolean, enum, literal, unknown (refined to undefined), transform…: no free text.
      return [];
  }
}

describe('text fields of requests', () => {
  it('every string in every endpoint’s params, query and body refuses control characters', () => {
    const endpoints = allEndpoints();
    expect(endpoints.length).toBeGreaterThan(40);
    const unguarded = endpoints.flatMap(([name, endpoint]) =>
      (['params', 'query', 'body'] as const).flatMap((part) => unguardedStrings(endpoint[part], `${name} ${part}`)),
    );
    expect(unguarded).toEqual([]);
  });

  it('the walk finds a plain z.string(), so the check above can fail', () => {
    const schema = z.object({ ok: text(), bad: z.array(z.string()).optional() });
    expect(unguardedStrings(schema, 'x')).toEqual(['x.bad[]']);
  });
});

describe('text() and multilineText()', () => {
  const refusedEverywhere = ['a\u0000b', '\u0000', 'a\u0007', 'a\u001bb', 'x\u007f', 'x\u0085y', 'a\ud800', '\udfffb'];

  it.each(refusedEverywhere)('refuses %j with a field message', (value) => {
    for (const schema of [text(), multilineText()]) {
      const parsed = schema.safeParse(value);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(CONTROL_CHARACTERS_MESSAGE);
    }
  });

  it('keeps tabs and line breaks inside multi-line text only', () => {
    expect(multilineText().parse('Dear Ada,\r\n\tthank you')).toBe('Dear Ada,\r\n\tthank you');
    expect(text().safeParse('Ada\tLovelace').success).toBe(false);
    expect(text().safeParse('Ada\nLovelace').success).toBe(false);
  });

  it('trims surrounding whitespace, line breaks included, before checking', () => {
    expect(text().parse('  shopper@example.com\r\n')).toBe('shopper@example.com');
    expect(contract.emailSchema.parse('Shopper@Example.com\n')).toBe('shopper@example.com');
  });

  it('accepts letters of every script and emoji (surrogate pairs)', () => {
    for (const value of ['Zoë Łukasz', '中文 مرحبا', 'Happy birthday 🎉🎂', '£25 – €30']) {
      expect(text().parse(value)).toBe(value);
    }
  });

  it('refuses control characters in a real form field with that field’s path', () => {
    const parsed = contract.supportRequestSchema.safeParse({ name: 'Ada\u0000', email: 'a@b.co', message: 'Hi' });
    expect(parsed.success).toBe(false);
    expect(contract.outreachFieldErrors(parsed.error as z.ZodError)).toEqual([
      { path: 'name', message: CONTROL_CHARACTERS_MESSAGE },
    ]);
  });

  it('checks a 1 MB string quickly', () => {
    const long = 'x'.repeat(1_000_000);
    const started = Date.now();
    expect(text().safeParse(long).success).toBe(true);
    expect(text().safeParse(`${long}\u0000`).success).toBe(false);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
