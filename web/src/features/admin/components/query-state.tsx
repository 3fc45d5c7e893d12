import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadFailure } from '@/components/ui/load-failure';
import { errorMessage } from '@/lib/api-error';

/** An admin table's read: `loading` while it comes, `failure` with the reason and Try again, else the table. */
export function QueryState<T>({ query, loading, failure, children }: {
  query: UseQueryResult<T>;
  /** e.g. "Loading cities..." */
  loading: string;
  /** e.g. "Unable to load cities." (the error's text follows) */
  failure: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <p className="py-8 text-center text-stone-600">{loading}</p>;
  if (query.isError) return <LoadFailure message={`${failure} ${errorMessage(query.error)}`} onRetry={() => void query.refetch()} />;
  return children(query.data);
}
