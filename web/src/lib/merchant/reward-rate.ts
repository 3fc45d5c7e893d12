/** Basis points as a percent label: 500 → "5%", 250 → "2.5%", 125 → "1.25%". */
export function formatRewardRate(rewardRateBps: number): string {
  const percent = rewardRateBps / 100;
  return `${Number(percent.toFixed(2))}%`;
}
