/** Spec: categories are shown "with dashes turned into ' & ' and words capitalised" (food-dining → Food & Dining). */
export function categoryLabel(category: string): string {
  return category
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' & ');
}
