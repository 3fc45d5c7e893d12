import { expect, it } from 'vitest';
import { businessCategoryLabel as categoryLabel } from '@/lib/categories';
import { initialsOf, logoSrc } from './business-display';

it('labels categories and business types', () => {
  expect(categoryLabel('food-dining')).toBe('Food & Drink');
  expect(categoryLabel('food')).toBe('Food & Drink');
  expect(categoryLabel('sauna-cold-plunge')).toBe('Sauna & Cold Plunge');
  expect(categoryLabel('pet-supplies')).toBe('Pet Supplies');
  expect(categoryLabel(null)).toBeNull();
});

it('serves bare logo paths under /objects and leaves full ones alone', () => {
  expect(logoSrc('logos/rosa.png')).toBe('/objects/logos/rosa.png');
  expect(logoSrc('/objects/logos/rosa.png')).toBe('/objects/logos/rosa.png');
  expect(logoSrc('https://cdn.example/rosa.png')).toBe('https://cdn.example/rosa.png');
  expect(logoSrc(null)).toBeNull();
});

it('makes initials from a business name', () => {
  expect(initialsOf("Rosa's River Cafe")).toBe('RR');
  expect(initialsOf('Main Street Pizza Co.')).toBe('MS');
});
