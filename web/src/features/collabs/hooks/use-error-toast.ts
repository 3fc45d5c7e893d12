import { useEffect } from 'react';
import { toast } from '@/components/ui/use-toast';

/** Shows one destructive toast each time a read fails (docs/spec.md section 8: "Failed to search businesses", ...). */
export function useErrorToast(error: unknown, title: string) {
  useEffect(() => {
    if (error) toast({ title, variant: 'destructive' });
  }, [error, title]);
}
