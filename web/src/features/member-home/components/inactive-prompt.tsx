import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/config/paths';

/** Shown instead of deals and community without an active membership. "Subscribe Now" opens /subscribe. */
export function InactivePrompt() {
  const navigate = useNavigate();
  return (
    <Card className="border-brand-200 bg-brand-50">
      <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
        <h2 className="text-xl font-bold text-stone-900">Subscribe to Access Deals & Community</h2>
        <p className="max-w-md text-sm text-stone-700">Members see rotating codes from small, family-owned businesses in their town, and 10% of every subscription goes to a local charity.</p>
        <Button size="lg" onClick={() => navigate(paths.subscribe)}>Subscribe Now</Button>
      </CardContent>
    </Card>
  );
}
