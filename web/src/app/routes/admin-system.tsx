import { SystemPage } from '@/features/admin/components/system-page';

/** The operator's console (decision 195). */
export function Component() {
  return <SystemPage />;
}
