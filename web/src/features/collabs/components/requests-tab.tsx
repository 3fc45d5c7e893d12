import type { ReactNode } from 'react';
import type { Collaboration } from '@shared/contract/index.ts';
import { Button } from '@/components/ui/button';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { shortDate } from '@/lib/dates';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { useAnswerCollab } from '../api/answer-collab';
import { useCollabs } from '../api/get-collabs';
import { useErrorToast } from '../hooks/use-error-toast';
import { useCancelCollab } from '../api/cancel-collab';
import { pendingRequests, sentRequests } from '../utils/collab-lists';
import { CollabStatusBadge } from './collab-status-badge';

/** Requests: PENDING requests addressed to my business, with Accept and Deny; then the ones I sent, which I may withdraw. */
export function RequestsTab() {
  const collabs = useCollabs();
  useErrorToast(collabs.error, 'Failed to fetch collaborations');
  const answer = useAnswerCollab({
    onSuccess: (kind) => toast({ title: kind === 'accept' ? 'Collaboration accepted!' : 'Collaboration denied' }),
    onError: (error) => toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }),
  });
  const requests = pendingRequests(collabs.data ?? []);

  return (
    <div className="space-y-6">
      <RequestsCard title="Pending Requests" description="Collaboration requests waiting for your response" loading={collabs.isPending}
        empty={requests.length === 0} emptyText="No pending requests">
        {requests.map((collab) => {
          const busy = answer.isPending && answer.variables?.id === collab.id;
          return (
            <RequestItem key={collab.id} collab={collab} label={`Request from ${collab.requesterBusiness.name}`}
              business={collab.requesterBusiness.name} line="Wants to collaborate with you" terms={['They offer', 'They want']}>
              {collab.message && <p className="mt-3 rounded-lg bg-stone-50 p-3 text-sm whitespace-pre-line text-stone-800">{collab.message}</p>}
              <div className="mt-4 flex gap-2">
                <Button size="sm" onClick={() => answer.mutate({ id: collab.id, answer: 'accept' })} disabled={busy}>
                  Accept
                </Button>
                <Button size="sm" variant="outline" onClick={() => answer.mutate({ id: collab.id, answer: 'deny' })} disabled={busy}>
                  Deny
                </Button>
              </div>
            </RequestItem>
          );
        })}
      </RequestsCard>
      <SentRequests collabs={collabs.data ?? []} loading={collabs.isPending} />
    </div>
  );
}

/** Sent: my pending requests, each with Withdraw (POST /api/collabs/{id}/cancel). */
function SentRequests({ collabs, loading }: { collabs: readonly Collaboration[]; loading: boolean }) {
  const cancel = useCancelCollab({
    onSuccess: () => toast({ title: 'Request withdrawn' }),
    onError: (error) => toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }),
  });
  const sent = sentRequests(collabs);
  return (
    <RequestsCard title="Sent" description="Your requests waiting for the other business" loading={loading}
      empty={sent.length === 0} emptyText="No sent requests waiting" listLabel="Sent requests">
      {sent.map((collab) => (
        <RequestItem key={collab.id} collab={collab} label={`Request to ${collab.recipientBusiness.name}`}
          business={collab.recipientBusiness.name} line={`Sent ${shortDate(collab.createdAt)}`} terms={['You offer', 'You asked for']}>
          <div className="mt-4">
            <ConfirmButton
              size="sm"
              variant="outline"
              pending={cancel.isPending && cancel.variables === collab.id}
              disabled={cancel.isPending}
              onConfirm={() => cancel.mutate(collab.id)}
              aria-label={`Withdraw the request to ${collab.recipientBusiness.name}`}
              title={`Withdraw the request to ${collab.recipientBusiness.name}?`}
              confirmLabel="Withdraw"
              message="The request is cancelled: to collaborate after all, send a new one."
            >
              Withdraw
            </ConfirmButton>
          </div>
        </RequestItem>
      ))}
    </RequestsCard>
  );
}

interface RequestsCardProps {
  title: string;
  description: string;
  loading: boolean;
  empty: boolean;
  emptyText: string;
  listLabel?: string;
  children: ReactNode;
}

/** A card of requests: "Loading requests...", its empty text, or the list. */
function RequestsCard({ title, description, loading, empty, emptyText, listLabel, children }: RequestsCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {loading ? (
          <p className="py-6 text-center text-stone-600">Loading requests...</p>
        ) : empty ? (
          <p className="py-6 text-center text-stone-600">{emptyText}</p>
        ) : (
          <ul className="space-y-4" aria-label={listLabel}>
            {children}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

interface RequestItemProps {
  collab: Collaboration;
  label: string;
  /** The other business. */
  business: string;
  /** Under its name: what it wants, or when the request was sent. */
  line: string;
  /** The names of the requester's offer and of what it asks for, as the reader says them. */
  terms: [string, string];
  /** The message and the buttons. */
  children: ReactNode;
}

/** One request, received or sent: the other business, its status, and the two offers. */
function RequestItem({ collab, label, business, line, terms, children }: RequestItemProps) {
  return (
    <li className="rounded-xl border border-stone-200 p-4" aria-label={label}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold text-stone-900">{business}</h3>
          <p className="text-sm text-stone-600">{line}</p>
        </div>
        <CollabStatusBadge status={collab.status} />
      </div>
      <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-stone-700">{terms[0]}</dt>
          <dd className="text-stone-900">{collab.requesterDiscountLabel}</dd>
        </div>
        <div>
          <dt className="font-medium text-stone-700">{terms[1]}</dt>
          <dd className="text-stone-900">{collab.recipientDiscountLabel}</dd>
        </div>
      </dl>
      {children}
    </li>
  );
}
