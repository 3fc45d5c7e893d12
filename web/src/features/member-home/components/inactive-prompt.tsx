import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { useSubscriptionDetails } from '@/lib/subscription/get-subscription-details';
import { useResumeSubscription } from '@/lib/subscription/resume-subscription';

/**
 * Shown instead of deals and community without an active membership. A paused member resumes here;
 * anyone else gets "Subscribe Now" (/subscribe, which signs up the signed-in account itself).
 */
export function InactivePrompt() {
  const navigate = useNavigate();
  const details = useSubscriptionDetails();
  const resume = useResumeSubscription({
    onSuccess: (answer) => toast({ title: 'Membership Resumed', description: answer.message }),
    onError: () => toast({ variant: 'destructive', title: 'Failed to resume your membership. Please try again.' }),
  });
  const paused = details.data?.status === 'paused' && !!details.data.currentPeriodEnd && new Date(details.data.currentPeriodEnd) > new Date();

  if (paused) {
    return (
      <Card className="border-brand-200 bg-brand-50">
        <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
          <h2 className="text-xl font-bold text-stone-900">Your Membership Is Paused</h2>
          <p className="max-w-md text-sm text-stone-700">You are not being charged and your deal codes are hidden. Resume to see them again.</p>
          <Button
            size="lg"
            pending={resume.isPending}
            onClick={() => resume.mutate()}
          >
            Resume Membership
          </Button>
        </CardContent>
      </Card>
    );
  }
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
