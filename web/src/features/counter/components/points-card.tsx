import { useId, useState, type FormEvent } from 'react';
import { parseMemberNumber, type PointsEntry } from '@shared/contract/index.ts';
import { pointsForPurchase } from '@shared/deal-rules.ts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, Input } from '@/components/ui/form-controls';
import { Tab, TabList, TabPanel, TabPanels, Tabs } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { counterErrorMessage } from '../utils/counter-refusal';
import { formatCents } from '@shared/money.ts';
import { useBusyWhile } from '@/lib/pwa/busy';
import { useEarnPoints } from '../api/earn-points';
import { useCounterMember } from '../api/get-counter-member';
import { useRedeemPoints } from '../api/redeem-points';
import { formatBps } from '@shared/basis-points.ts';
import { formatCount, formatMemberNumber } from '@/lib/numbers';
import { memberNumberToLookUp, parseCode, parseDollarsToCents, parsePoints } from '../utils/counter-input';
import { useSettledValue } from '@/lib/use-settled-value';
import type { CounterAction } from './last-action-card';

interface PointsCardProps {
  rewardRateBps: number;
  onRecorded: (action: CounterAction) => void;
}

const pointsText = (n: number) => `${formatCount(n)} point${n === 1 ? '' : 's'}`;

const actionOf = (entry: PointsEntry): CounterAction => ({
  kind: 'points',
  id: entry.entryId,
  headline: entry.kind === 'accrual'
    ? `+${pointsText(entry.points)} for member #${formatMemberNumber(entry.memberNumber)}`
    : `${pointsText(-entry.points)} redeemed (${formatCents(-entry.points)} off) for member #${formatMemberNumber(entry.memberNumber)}`,
  detail: `New balance here: ${pointsText(entry.balance)} (${formatCents(entry.balance)}).`,
  undoUntil: entry.undoUntil,
  undone: false,
});

/** How long typing must pause before the member number is looked up. */
const LOOKUP_PAUSE_MS = 400;

/** Earn and redeem points for a member number. 1 point = 1 cent. */
export function PointsCard({ rewardRateBps, onRecorded }: PointsCardProps) {
  const id = useId();
  const [memberText, setMemberText] = useState('');
  const [amount, setAmount] = useState('');
  const [points, setPoints] = useState('');
  const [personalCode, setPersonalCode] = useState('');
  const memberNumber = parseMemberNumber(memberText);
  // Looked up once a whole number has been typed and the typing has paused (partial numbers would count as
  // wrong guesses on the counter's limit, decision 168).
  const lookedUp = useSettledValue(memberNumberToLookUp(memberText), LOOKUP_PAUSE_MS);
  const member = useCounterMember(lookedUp);
  const amountCents = parseDollarsToCents(amount);
  const preview = amountCents ? pointsForPurchase(amountCents, rewardRateBps) : null;

  const queued = (headline: string, detail: string) => {
    onRecorded({ kind: 'points', id: `queued-${Date.now()}`, headline, detail, undoUntil: null, undone: false });
    toast({ title: 'Saved Offline', description: 'It is recorded when the connection returns.' });
  };
  const earn = useEarnPoints({
    onQueued: (entry) => {
      setAmount('');
      queued(entry.label, 'Saved on this tablet; the points are added when the connection returns.');
    },
    onSuccess: (entry) => {
      setAmount('');
      onRecorded(actionOf(entry));
      toast({ title: 'Points Added', description: `Member #${formatMemberNumber(entry.memberNumber)} earned ${pointsText(entry.points)}.` });
    },
    onError: (error) => toast({ title: 'Earn Failed', description: counterErrorMessage(error), variant: 'destructive' }),
  });
  const redeem = useRedeemPoints({
    onQueued: (entry) => {
      setPoints('');
      queued(entry.label, 'Saved on this tablet; if the balance turns out too low it shows as failed, with the reason.');
    },
    onSuccess: (entry) => {
      setPoints('');
      setPersonalCode('');
      onRecorded(actionOf(entry));
      toast({ title: 'Points Redeemed', description: `Take ${formatCents(-entry.points)} off the bill.` });
    },
    onError: (error) => toast({ title: 'Redeem Failed', description: counterErrorMessage(error), variant: 'destructive' }),
  });

  // A purchase or redemption is being typed: no "Update available" prompt until it is done.
  useBusyWhile(amount.trim() !== '' || points.trim() !== '' || earn.isPending || redeem.isPending, 'points');

  const needMember = () => {
    toast({ title: 'Member Number Needed', description: 'Enter the number on the member card.', variant: 'destructive' });
  };
  function submitEarn(event: FormEvent) {
    event.preventDefault();
    if (memberNumber === null) return needMember();
    if (amountCents === null) return void toast({ title: 'Invalid Amount', description: 'Enter the purchase amount in dollars.', variant: 'destructive' });
    earn.mutate({ memberNumber, amountCents });
  }
  function submitRedeem(event: FormEvent) {
    event.preventDefault();
    if (memberNumber === null) return needMember();
    const n = parsePoints(points);
    if (n === null) return void toast({ title: 'Invalid Points', description: 'Enter a whole number of points.', variant: 'destructive' });
    // Spending a member's points needs their personal code (decision 190).
    const code = parseCode(personalCode);
    if (code === null) {
      return void toast({ title: 'Personal Code Needed', description: 'Enter the 6-digit personal code under the member’s pass.', variant: 'destructive' });
    }
    redeem.mutate({ memberNumber, points: n, personalCode: code });
  }

  return (
    <Card role="region" aria-label="Points">
      <CardHeader>
        <CardTitle>Points</CardTitle>
        <CardDescription>Members earn {formatBps(rewardRateBps)} back in points here; 1 point = 1¢ off.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <Field id={`${id}-member`} label="Member number" required>
          <Input id={`${id}-member`} inputMode="numeric" autoComplete="off" placeholder="100001" value={memberText} onChange={(e) => setMemberText(e.target.value)} />
        </Field>
        {lookedUp !== null && lookedUp === memberNumber && (
          <p className="text-sm text-stone-700" aria-live="polite" data-testid="counter-member-balance">
            {member.isPending && member.fetchStatus === 'paused' ? 'Offline: the balance shows once the connection returns.' : member.isPending ? 'Looking up member...' : member.isError ? counterErrorMessage(member.error) : (
              <>Balance here: <strong>{pointsText(member.data.balance)}</strong> ({formatCents(member.data.balance)}){member.data.isActiveMember ? '' : ' · no active membership'}</>
            )}
          </p>
        )}
        <Tabs>
          <TabList>
            <Tab>Earn</Tab>
            <Tab>Redeem</Tab>
          </TabList>
          <TabPanels>
            <TabPanel className="mt-4">
              <form onSubmit={submitEarn} noValidate className="space-y-3">
                <Field id={`${id}-amount`} label="Purchase amount ($)" hint={preview !== null ? `Earns ${pointsText(preview)}` : undefined}>
                  <Input id={`${id}-amount`} inputMode="decimal" placeholder="25.00" value={amount} aria-describedby={`${id}-amount-hint`} onChange={(e) => setAmount(e.target.value)} />
                </Field>
                <Button type="submit" className="w-full" pending={earn.isPending}>Record Purchase</Button>
              </form>
            </TabPanel>
            <TabPanel className="mt-4">
              <form onSubmit={submitRedeem} noValidate className="space-y-3">
                <Field id={`${id}-points`} label="Points to redeem" hint={parsePoints(points) ? `${formatCents(parsePoints(points)!)} off` : undefined}>
                  <Input id={`${id}-points`} inputMode="numeric" placeholder="100" value={points} aria-describedby={`${id}-points-hint`} onChange={(e) => setPoints(e.target.value)} />
                </Field>
                <Field id={`${id}-personal`} label="Personal code" hint="The 6 digits under the member’s pass.">
                  <Input id={`${id}-personal`} inputMode="numeric" autoComplete="off" maxLength={7} placeholder="654321" value={personalCode}
                    aria-describedby={`${id}-personal-hint`} onChange={(e) => setPersonalCode(e.target.value)} />
                </Field>
                <Button type="submit" className="w-full" pending={redeem.isPending}>Redeem Points</Button>
              </form>
            </TabPanel>
          </TabPanels>
        </Tabs>
      </CardContent>
    </Card>
  );
}
