import { describe, expect, it } from 'vitest';
import { formatRewardRate } from './reward-rate';

describe('formatRewardRate', () => {
  it('shows basis points divided by 100 as a percent', () => {
    expect(formatRewardRate(500)).toBe('5%');
    expect(formatRewardRate(250)).toBe('2.5%');
    expect(formatRewardRate(125)).toBe('1.25%');
    expect(formatRewardRate(0)).toBe('0%');
  });
});
