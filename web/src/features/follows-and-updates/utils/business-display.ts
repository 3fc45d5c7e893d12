const CATEGORY_LABELS: Record<string, string> = {
  'food-dining': 'Food & Dining',
  food: 'Food & Dining',
  'coffee-tea': 'Coffee & Tea',
  retail: 'Retail',
  services: 'Services',
  entertainment: 'Entertainment',
  'health-wellness': 'Health & Wellness',
  'sauna-cold-plunge': 'Sauna & Cold Plunge',
  dispensaries: 'Dispensaries',
  'liquor-stores': 'Liquor Stores',
  'women-owned': 'Women Owned',
  other: 'Other',
};

/** A business category (or registration business type) as people read it; unknown values are title-cased. */
export function categoryLabel(value: string | null): string | null {
  if (!value) return null;
  return CATEGORY_LABELS[value] ?? value.split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

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
