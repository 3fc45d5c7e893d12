import { ButtonLink } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/config/paths';

/** The spec's prompt for anyone the feed refuses (no active membership): the same words as the member home's. */
export function CommunitySubscribePrompt() {
  return (
    <Card className="border-brand-200 bg-brand-50">
      <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
        <h2 className="text-xl font-bold text-stone-900">Subscribe to Access Deals & Community</h2>
        <p className="max-w-md text-sm text-stone-700">Members read and post in their town's community feed.</p>
        <ButtonLink to={paths.subscribe} size="lg">Subscribe Now</ButtonLink>
      </CardContent>
    </Card>
  );
}
