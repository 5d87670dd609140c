import { describe, expect, it } from 'vitest';
import { preselectedValue, valueOptions } from './value-options';

describe('value options (spec 000 section 5)', () => {
  it('offers 5, 10, 20, 50, 100 and the maximum', () => {
    expect(valueOptions(5, 500)).toEqual([5, 10, 20, 50, 100, 500]);
  });

  it('caps the options at the maximum, which is always offered', () => {
    expect(valueOptions(5, 75)).toEqual([5, 10, 20, 50, 75]);
    expect(valueOptions(10, 100)).toEqual([5, 10, 20, 50, 100]);
    expect(valueOptions(1, 20)).toEqual([5, 10, 20]);
  });

  it('offers only 5 when both bounds are under 5', () => {
    expect(valueOptions(1, 4)).toEqual([5]);
  });

  it('offers only the fixed value when min equals max, and preselects it', () => {
    expect(valueOptions(25, 25)).toEqual([25]);
    expect(preselectedValue(25, 25)).toBe(25);
    expect(preselectedValue(3, 3)).toBe(3);
    expect(preselectedValue(5, 100)).toBeNull();
  });
});
