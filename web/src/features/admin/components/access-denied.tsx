import { Card, CardContent } from '@/components/ui/card';

export function AccessDenied() {
  return (
    <Card className="mx-auto max-w-md text-center">
      <CardContent className="space-y-2 p-8">
        <h1 className="text-2xl font-bold text-stone-900">Access Denied</h1>
        <p className="text-stone-600">You don&apos;t have permission to access this page.</p>
      </CardContent>
    </Card>
  );
}
