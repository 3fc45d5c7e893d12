import { describe, expect, it } from 'vitest';
import { categoryLabel } from './category-label';

describe('categoryLabel', () => {
  it('turns dashes into " & " and capitalises words', () => {
    expect(categoryLabel('food-dining')).toBe('Food & Dining');
    expect(categoryLabel('coffee-tea')).toBe('Coffee & Tea');
    expect(categoryLabel('sauna-cold-plunge')).toBe('Sauna & Cold & Plunge');
    expect(categoryLabel('other')).toBe('Other');
    expect(categoryLabel('')).toBe('');
  });
});
