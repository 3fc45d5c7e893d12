import { Badge } from '@/components/ui/badge';
import { ComingSoonCard } from '@/components/layout/coming-soon-card';
import { ScreenTitle } from '@/components/layout/screen-title';
import { SignedInHeader } from '@/components/layout/signed-in-header';
import { paths } from '@/config/paths';

/** /admin. Metrics and the merchant, user and city tabs arrive with the admin issue. */
export function AdminDashboardPage() {
  return (
    <div className="min-h-dvh">
      <SignedInHeader homePath={paths.admin}>
        <Badge className="hidden sm:inline-flex">Admin</Badge>
      </SignedInHeader>
      <main className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6 sm:py-12">
        <ScreenTitle>Admin Dashboard</ScreenTitle>
        <ComingSoonCard>Platform metrics and merchant, user and city management will appear here.</ComingSoonCard>
      </main>
    </div>
  );
}
