// What an audit entry changed, in a line a person reads (decision 202): the admin's audit log and an owner's history.

const words = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
const shown = (value: unknown) => (value === null || value === undefined ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** "listed: false → true; name: Old → New" (only what differs); a new thing lists its values, a removed one what it was. */
export function describeChange(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys
    .filter((key) => !before || !after || JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => {
      if (!before) return `${words(key)}: ${shown(after?.[key])}`;
      if (!after) return `${words(key)} was ${shown(before[key])}`;
      return `${words(key)}: ${shown(before[key])} → ${shown(after[key])}`;
    })
    .join('; ');
}
