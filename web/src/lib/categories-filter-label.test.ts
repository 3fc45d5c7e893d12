import { describe, expect, it } from 'vitest';
import { categoryFilterLabel } from './categories';

describe('categoryFilterLabel', () => {
  it('turns dashes into " & " and capitalises words', () => {
    expect(categoryFilterLabel('food-dining')).toBe('Food & Dining');
    expect(categoryFilterLabel('coffee-tea')).toBe('Coffee & Tea');
    expect(categoryFilterLabel('sauna-cold-plunge')).toBe('Sauna & Cold & Plunge');
    expect(categoryFilterLabel('other')).toBe('Other');
    expect(categoryFilterLabel('')).toBe('');
  });
});
