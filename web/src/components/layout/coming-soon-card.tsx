import type { ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';

/** Marks a screen whose content is delivered by a later issue; the route, title and navigation already work. */
export function ComingSoonCard({ children }: { children?: ReactNode }) {
  return (
    <Card className="border-dashed">
      <CardContent className="p-6 text-sm text-stone-600">
        {children ?? 'This part of Pay Local is on its way. Check back soon.'}
      </CardContent>
    </Card>
  );
}
