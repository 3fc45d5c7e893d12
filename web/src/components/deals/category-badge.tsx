import { cn } from '@/lib/cn';
import { categoryTone, dealCategoryLabel, toneClasses } from '@/lib/categories';

/** The deal's category in its colour (food, retail, services, entertainment, health). */
export function CategoryBadge({ category, className }: { category: string; className?: string }) {
  return (
    <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', toneClasses[categoryTone(category)].badge, className)}>
      {dealCategoryLabel(category)}
    </span>
  );
}
