import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/form-controls';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { useResendVerification } from '../api/resend-verification';

/** The read-only address with its state: "Verified" only after a mailed link came back (decision 091). */
export function EmailField({ email, verified }: { email: string; verified: boolean }) {
  const resend = useResendVerification();
  return (
    <Field id="profile-email" label="Email address" hint="To change your email address, please contact support.">
      {/* On a phone the address has the row to itself and its state goes below: beside the badge and Resend, a
          320-390 px screen cut the address off (issue 42). */}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Input id="profile-email" type="email" value={email} readOnly aria-describedby="profile-email-hint" className="w-full bg-stone-50 sm:min-w-48 sm:flex-1" />
        {verified ? (
          <Badge variant="secondary" className="self-start sm:self-auto">Verified</Badge>
        ) : (
          <div className="flex items-center gap-2">
            <Badge variant="outline">Not verified</Badge>
            <Button
              variant="outline"
              size="sm"
              pending={resend.isPending}
              onClick={() =>
                resend.mutate(undefined, {
                  onSuccess: () => toast({ title: 'Confirmation email sent', description: `Open the link we sent to ${email}.` }),
                  onError: (error) => toast({ title: 'Could not send the email', description: errorMessage(error), variant: 'destructive' }),
                })
              }
            >
              Resend
            </Button>
          </div>
        )}
      </div>
    </Field>
  );
}
