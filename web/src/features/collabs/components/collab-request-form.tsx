import { type FormEvent, useState } from 'react';
import type { Business } from '@shared/contract/index.ts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, Input, Textarea } from '@/components/ui/form-controls';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { useCreateCollab } from '../api/create-collab';
import { type CollabFormValues, collabRequestPayload, EMPTY_COLLAB_FORM, MISSING_FIELDS_MESSAGE } from '../utils/collab-form';

/** "Create Collaboration with {business}": required fields are checked here, everything else by the server. */
export function CollabRequestForm({ business, onClose }: { business: Business; onClose: () => void }) {
  const [form, setForm] = useState<CollabFormValues>(EMPTY_COLLAB_FORM);
  const create = useCreateCollab({
    onSuccess: () => {
      toast({ title: 'Collaboration request sent successfully!' });
      setForm(EMPTY_COLLAB_FORM);
      onClose();
    },
    onError: (error) =>
      toast({ title: 'Error', description: errorMessage(error, 'Failed to send collaboration request'), variant: 'destructive' }),
  });

  const set = (field: keyof CollabFormValues) => (e: { target: { value: string } }) => setForm({ ...form, [field]: e.target.value });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const payload = collabRequestPayload(business.id, form);
    if (!payload) {
      toast({ title: MISSING_FIELDS_MESSAGE, variant: 'destructive' });
      return;
    }
    create.mutate(payload);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Create Collaboration with {business.name}</CardTitle>
        <CardDescription>Propose a mutual discount collaboration</CardDescription>
      </CardHeader>
      <CardContent>
        {/* noValidate: the spec's own check shows "Please fill in all required fields" instead of the browser's bubbles. */}
        <form noValidate onSubmit={submit} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="collab-offer" label="Your Discount Offer" required>
              <Input id="collab-offer" aria-required="true" placeholder="e.g., 15% off all items" value={form.requesterDiscountLabel} onChange={set('requesterDiscountLabel')} />
            </Field>
            <Field id="collab-request" label="Requested Discount" required>
              <Input id="collab-request" aria-required="true" placeholder="e.g., 10% off services" value={form.recipientDiscountLabel} onChange={set('recipientDiscountLabel')} />
            </Field>
            <Field id="collab-start" label="Start Date" required>
              <Input id="collab-start" type="date" aria-required="true" value={form.startDate} onChange={set('startDate')} />
            </Field>
            <Field id="collab-end" label="End Date">
              <Input id="collab-end" type="date" value={form.endDate} onChange={set('endDate')} />
            </Field>
          </div>
          <Field id="collab-exclusions" label="Exclusions">
            <Input id="collab-exclusions" placeholder="e.g., Not valid with other offers" value={form.exclusionsText} onChange={set('exclusionsText')} />
          </Field>
          <Field id="collab-message" label="Message">
            <Textarea id="collab-message" rows={4} placeholder="Tell them about your business and why you'd like to collaborate" value={form.message} onChange={set('message')} />
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" pending={create.isPending}>
              {create.isPending ? 'Sending...' : 'Send Request'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
