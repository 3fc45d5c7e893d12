import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { useResumeSubscription } from '@/lib/subscription/resume-subscription';

/**
 * /subscribe for a member whose membership is paused: a new subscription would be refused (409, the
 * membership still exists), so the page offers the way back instead (issue 16).
 */
export function PausedMembershipCard() {
  const navigate = useNavigate();
  const resume = useResumeSubscription({
    onSuccess: (answer) => {
      toast({ title: 'Membership Resumed', description: answer.message });
      navigate(paths.memberHome, { replace: true });
    },
    onError: () => toast({ variant: 'destructive', title: 'Failed to resume your membership. Please try again.' }),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your membership is paused</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-stone-800">
          You are not being charged and your deal codes are hidden. Resume your membership to see them again; no new
          subscription is needed.
        </p>
        <Button size="lg" className="w-full" pending={resume.isPending} onClick={() => resume.mutate()}>
          Resume Membership
        </Button>
      </CardContent>
    </Card>
  );
}
