/** The name to save, or null when nothing should be sent: empty after trimming, or unchanged. */
export function nameToSave(input: string, current: string): string | null {
  const trimmed = input.trim();
  if (!trimmed || trimmed === current.trim()) return null;
  return trimmed;
}
