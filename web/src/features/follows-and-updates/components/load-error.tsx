import { Button } from '@/components/ui/button';

export function LoadError({ what, onRetry, retrying }: { what: string; onRetry: () => void; retrying: boolean }) {
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 px-6 py-8 text-center text-sm text-red-900">
      <p>Unable to load {what}. Please try again later.</p>
      <Button variant="outline" size="sm" className="mt-3" pending={retrying} onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
