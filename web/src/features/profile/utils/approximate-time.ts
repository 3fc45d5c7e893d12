/**
 * When a session was last used, as a person would say it. The server notes use at most every 5 minutes
 * (decision 176), so anything within 5 minutes is "now".
 */
export function lastActiveText(lastActiveAt: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(lastActiveAt)) / 60_000));
  if (minutes < 6) return 'Active now';
  if (minutes < 60) return `Active ${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? 'Active an hour ago' : `Active ${hours} hours ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? 'Active yesterday' : `Active ${days} days ago`;
}
