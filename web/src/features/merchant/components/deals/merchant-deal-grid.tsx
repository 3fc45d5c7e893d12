import { useState } from 'react';
import type { MerchantDeal } from '@shared/contract/index.ts';
import { ConfirmDialog, Modal } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { useDeleteDeal } from '../../api/delete-deal';
import { useUpdateDeal } from '../../api/update-deal';
import { formValuesOf } from '../../utils/deal-form';
import { DealForm } from './deal-form';
import { MerchantDealCard } from './merchant-deal-card';

/**
 * Where the grid is shown decides the failure toasts (docs/spec.md section 8): the dashboard says
 * "Update Failed" / "Delete Failed", the deals page says "Error". The deals page also offers "Deactivate".
 */
type DealGridPlace = 'dashboard' | 'deals-page';

interface MerchantDealGridProps {
  deals: MerchantDeal[];
  nowMs: number;
  place: DealGridPlace;
}

export function MerchantDealGrid({ deals, nowMs, place }: MerchantDealGridProps) {
  const [editing, setEditing] = useState<MerchantDeal | null>(null);
  const [deleting, setDeleting] = useState<MerchantDeal | null>(null);
  const failure = (fallback: string) => (error: Error) =>
    toast({ title: place === 'dashboard' ? fallback : 'Error', description: errorMessage(error), variant: 'destructive' });

  const update = useUpdateDeal({
    onSuccess: (deal, { changes }) => {
      const toggled = Object.keys(changes).length === 1 && 'active' in changes;
      if (!toggled) setEditing(null);
      toast({ title: 'Deal Updated', description: toggled ? `${deal.title} is now ${deal.active ? 'active' : 'inactive'}.` : `${deal.title} was saved.` });
    },
    onError: failure('Update Failed'),
  });
  const remove = useDeleteDeal({
    onSuccess: (answer) => {
      setDeleting(null);
      toast(answer.deleted
        ? { title: 'Deal Deleted', description: 'The deal has been removed.' }
        : { title: 'Deal Deactivated', description: 'Members no longer see this deal.' });
    },
    onError: failure('Delete Failed'),
  });
  const busyId = (update.isPending && update.variables?.id) || (remove.isPending && remove.variables?.id) || null;

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {deals.map((deal) => (
          <MerchantDealCard
            key={deal.id}
            deal={deal}
            nowMs={nowMs}
            busy={busyId === deal.id}
            onEdit={() => setEditing(deal)}
            onToggleActive={(active) => update.mutate({ id: deal.id, changes: { active } })}
            onDeactivate={place === 'deals-page' ? () => remove.mutate({ id: deal.id, permanent: false }) : undefined}
            onDelete={() => setDeleting(deal)}
            headingLevel={place === 'deals-page' ? 'h2' : 'h3'}
          />
        ))}
      </div>

      <Modal open={editing !== null} onClose={() => !update.isPending && setEditing(null)} title="Edit Deal" className="max-w-2xl">
        {editing && (
          <DealForm
            key={editing.id}
            mode="edit"
            initial={formValuesOf(editing)}
            pending={update.isPending}
            onSubmit={(changes) => update.mutate({ id: editing.id, changes })}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete this deal?"
        message={deleting ? `"${deleting.title}" will be removed for good, with its redemption history. This cannot be undone.` : ''}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        destructive
        onConfirm={() => deleting && remove.mutate({ id: deleting.id, permanent: true })}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
