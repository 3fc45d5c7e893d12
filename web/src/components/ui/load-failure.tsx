import { Button } from './button';
import { cn } from '@/lib/cn';

/** A read that failed, shown as a failure with a way to try again (issue 31: never as emptiness, never stuck). */
export function LoadFailure({ message, onRetry, className }: { message: string; onRetry: () => void; className?: string }) {
  return (
    <div role="alert" className={cn('rounded-2xl border border-red-200 bg-red-50 p-6 text-center text-red-900', className)}>
      <p>{message}</p>
      <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>Try again</Button>
    </div>
  );
}
