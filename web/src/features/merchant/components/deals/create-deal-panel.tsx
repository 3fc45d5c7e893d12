import { useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { useCreateDeal } from '../../api/create-deal';
import { DealForm } from './deal-form';

/** The create form; "Deal Created" shows the first rotating code. The form resets after success. */
export function CreateDealPanel({ onCreated, onCancel }: { onCreated?: () => void; onCancel?: () => void }) {
  const [formKey, setFormKey] = useState(0);
  const create = useCreateDeal({
    onSuccess: (deal) => {
      setFormKey((k) => k + 1);
      toast({
        title: 'Deal Created',
        description: deal.currentCode ? `${deal.title} is live. Current code: ${deal.currentCode} (rotates every 2 minutes).` : `${deal.title} was saved.`,
      });
      onCreated?.();
    },
    onError: (error) => toast({ title: 'Failed to create deal', description: errorMessage(error), variant: 'destructive' }),
  });
  return <DealForm key={formKey} mode="create" pending={create.isPending} onSubmit={(payload) => create.mutate(payload)} onCancel={onCancel} />;
}
