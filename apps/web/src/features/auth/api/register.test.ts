import { generateUsername, USERNAME_PATTERN } from '@gvm/contract';
import { describe, expect, it } from 'vitest';

/** 2025-06-03T12:34:56.789Z: its last 4 digits are 6789. */
const now = Date.UTC(2025, 5, 3, 12, 34, 56, 789);
const random = (value: number) => () => value;

describe('the username made at sign-up (docs/product/accounts.md#sign-up)', () => {
  it('removes spaces, lower-cases, cuts to 8, then adds the last 4 digits of the time and 3 random digits', () => {
    expect(generateUsername('Ada Lovelace Byron', now, random(0.4219))).toBe('adalovel6789421');
  });

  it('pads a short name to 3 characters', () => {
    expect(generateUsername('Al', now, random(0.5))).toBe('al06789500');
    expect(generateUsername(' ', now, random(0.5))).toBe('0006789500');
  });

  it('keeps the random part at 3 digits, leading zeros included', () => {
    expect(generateUsername('Bo Li', now, random(0.007))).toBe('boli6789007');
    expect(generateUsername('Bo Li', now, random(0.9999))).toBe('boli6789999');
  });

  it('drops characters a username cannot hold, so the server always accepts it', () => {
    for (const name of ["Seán O'Brien-Smith", 'Zoë 😀', '李小龍', 'A.B.C']) {
      expect(generateUsername(name, now)).toMatch(USERNAME_PATTERN);
    }
  });

  it('two sign-ups in the same millisecond differ by their random part', () => {
    expect(generateUsername('Ada', now, random(0.1))).not.toBe(generateUsername('Ada', now, random(0.2)));
  });
});
