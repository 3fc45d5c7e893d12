import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-error';
import { useDownloadMemberData } from '../api/download-member-data';

/** "Your data": a member downloads everything the service keeps about them, as one JSON file (decision 197). */
export function MemberDataCard() {
  const download = useDownloadMemberData();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your data</CardTitle>
        <CardDescription>
          Download your profile, membership, payments, credits, redemptions, reviews, follows, invites, gifts and posts as one JSON file.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-2">
        {download.isError && <p role="alert" className="text-sm text-red-700">{errorMessage(download.error)}</p>}
        {download.isSuccess && <p role="status" className="text-sm text-stone-700">Saved as {download.data}.</p>}
        <Button variant="outline" pending={download.isPending} onClick={() => download.mutate(undefined)}>
          Download my data
        </Button>
      </CardContent>
    </Card>
  );
}
