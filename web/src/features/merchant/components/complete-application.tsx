import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

export function CompleteApplication() {
  return (
    <Card className="mx-auto max-w-lg text-center">
      <CardHeader className="items-center">
        <h1 className="text-2xl font-bold text-stone-900">Complete Your Merchant Application</h1>
        <CardDescription>We couldn't find your business details yet. Finish your application to start offering deals.</CardDescription>
      </CardHeader>
      <CardContent>
        {/* Spec: the button reloads the page (the profile may have been created meanwhile). */}
        <Button size="lg" onClick={() => window.location.reload()}>
          Complete Application
        </Button>
      </CardContent>
    </Card>
  );
}
