// The limiter counts in fixed windows aligned on the epoch (decision 168). A test that fills a bucket waits, when
// a window is about to end, for the next one to begin, so a window boundary in the middle cannot empty the bucket.
export async function clearOfWindowEdge(windowSeconds = 300, marginMs = 20_000): Promise<void> {
  const left = windowSeconds * 1000 - (Date.now() % (windowSeconds * 1000));
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}
