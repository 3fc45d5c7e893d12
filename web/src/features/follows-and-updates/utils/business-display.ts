/** Logos are stored as object paths; like profile pictures, a bare path is served under /objects. */
export function logoSrc(logoUrl: string | null): string | null {
  if (!logoUrl) return null;
  if (/^(https?:|data:|blob:)/.test(logoUrl) || logoUrl.startsWith('/objects/')) return logoUrl;
  return `/objects/${logoUrl.replace(/^\/+/, '')}`;
}

/** Up to two initials for a business without a logo. */
export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter((w) => /[A-Za-z0-9]/.test(w))
    .slice(0, 2)
    .map((w) => w.replace(/[^A-Za-z0-9]/g, '').charAt(0).toUpperCase())
    .join('');
