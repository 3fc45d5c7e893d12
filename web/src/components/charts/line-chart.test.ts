import { describe, expect, it } from 'vitest';
import { WHOLE_STEPS, yAxisSteps } from './line-chart';

describe('y axis steps', () => {
  it('counts step in whole numbers only (no 0.2 of a follower)', () => {
    const steps = yAxisSteps([{ label: 'Followers', values: [0, 1, 1, 2] }]);
    expect(steps).toBeDefined();
    expect(steps!.every(Number.isInteger)).toBe(true);
    expect(steps!.slice(0, 4)).toEqual([1, 2, 5, 10]);
    expect(WHOLE_STEPS).toContain(25);
  });

  it('leaves figures with fractions to the library', () => {
    expect(yAxisSteps([{ label: 'Average', values: [0.5, 1.25] }])).toBeUndefined();
  });
});
