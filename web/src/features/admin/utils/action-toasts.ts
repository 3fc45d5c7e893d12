import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';

/**
 * What the admin sees of an action: a toast `done` when it worked, then `close()`; a destructive toast `failed`
 * with the server's reason when it did not (then `close()` too with `closeOnFailure`). The callbacks of a write hook.
 */
export function actionToasts({ done, failed, close, closeOnFailure = false }: {
  done: string;
  failed: string;
  close?: () => void;
  closeOnFailure?: boolean;
}) {
  return {
    onSuccess: () => {
      toast({ title: done });
      close?.();
    },
    onError: (error: Error) => {
      toast({ title: failed, description: errorMessage(error), variant: 'destructive' });
      if (closeOnFailure) close?.();
    },
  };
}
