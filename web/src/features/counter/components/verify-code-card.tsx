import { useEffect, useId, useState, type FormEvent } from 'react';
import { CODE_NEEDS_MEMBER_MESSAGE, type MemberNumber, type MerchantDeal, type OfflineCodesAnswer, parseMemberNumber } from '@shared/contract/index.ts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, Input, Select } from '@/components/ui/form-controls';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, errorStatus } from '@/lib/api-error';
import { discountLabel } from '@/lib/deals/deal-format';
import { useBusyWhile } from '@/lib/pwa/busy';
import { useVerifyCode } from '../api/verify-code';
import { parseCode, typedAmountCents } from '../utils/counter-input';
import { counterErrorMessage, retryAtOf } from '../utils/counter-refusal';
import { scanRefusalOf } from '../utils/pass-scan';
import { clockTime } from '@/lib/dates';
import { usageLabel } from '@/lib/deals/deal-format';
import type { CheckResult } from './check-result-panel';

interface VerifyCodeCardProps {
  deals: MerchantDeal[];
  /** Every check's outcome goes to the counter's one result panel (decision 192). */
  onResult: (result: CheckResult) => void;
  /** The counter's offline cover: without a network, codes are checked on this tablet (decision 060). */
  cover?: OfflineCodesAnswer | null;
}

const spacedCode = (code: string) => `${code.slice(0, 3)} ${code.slice(3)}`;

/**
 * The fallback without a camera: the member's 6-digit code and their member number (decision 165). The one typed
 * form of the counter: what else the till must prove or know for a check (a personal code, the purchase amount)
 * is a field of this form and a property of the body it sends.
 */
export function VerifyCodeCard({ deals, onResult, cover }: VerifyCodeCardProps) {
  const id = useId();
  const [code, setCode] = useState('');
  const [member, setMember] = useState('');
  const [personalCode, setPersonalCode] = useState('');
  const [dealId, setDealId] = useState('');
  const [ambiguous, setAmbiguous] = useState(false);
  // The purchase amount: asked while any live deal has a minimum spend (the code says which deal only once checked).
  const [amount, setAmount] = useState('');
  const spendDeals = deals.filter((d) => d.active && d.rules?.minSpendCents);
  // Too many wrong guesses on this tablet (429): checking is paused until then (decision 168).
  const [pausedUntil, setPausedUntil] = useState<Date | null>(null);
  useEffect(() => {
    if (!pausedUntil) return;
    const timer = setTimeout(() => setPausedUntil(null), Math.max(0, pausedUntil.getTime() - Date.now()));
    return () => clearTimeout(timer);
  }, [pausedUntil]);
  const reset = () => {
    setCode('');
    setMember('');
    setPersonalCode('');
    setDealId('');
    setAmbiguous(false);
    setAmount('');
  };
  const titleOf = (id: string) => deals.find((d) => d.id === id)?.title ?? 'deal';
  const verify = useVerifyCode({
    cover,
    perMemberLimitOf: (dealId) => deals.find((d) => d.id === dealId)?.perMemberLimit ?? 'none',
    describe: (matchedDealId, typed) => `Redeem "${titleOf(matchedDealId)}" (code ${spacedCode(typed)})`,
    onQueued: ({ dealId: matchedDealId, entry }) => {
      const deal = deals.find((d) => d.id === matchedDealId);
      const memberNumber = (entry.body as { memberNumber: MemberNumber }).memberNumber;
      reset();
      // Offline the typed path knows no name: staff compare the member card.
      onResult({
        kind: 'approved', id: `queued-${entry.key}`, firstName: null, pictureUrl: null, memberNumber, dealTitle: titleOf(matchedDealId),
        discount: deal ? discountLabel(deal) : '', rulesText: null, usage: '', undoUntil: null, undone: false, offline: true,
      });
    },
    onSuccess: (redemption) => {
      const deal = deals.find((d) => d.id === redemption.dealId);
      reset();
      onResult({
        kind: 'approved', id: redemption.id, firstName: redemption.member?.firstName ?? null, pictureUrl: redemption.member?.pictureUrl ?? null,
        memberNumber: redemption.memberNumber, dealTitle: redemption.dealTitle, discount: deal ? discountLabel(deal) : '',
        rulesText: redemption.rulesText ?? null, usage: usageLabel(redemption), undoUntil: redemption.undoUntil, undone: false,
      });
    },
    onError: (error) => {
      if (errorStatus(error) === 409 && /more than one/.test(errorMessage(error))) setAmbiguous(true);
      const retryAt = retryAtOf(error);
      if (retryAt) setPausedUntil(retryAt);
      const refusal = retryAt ? { message: counterErrorMessage(error), availableAt: null } : scanRefusalOf(error, 'The code could not be checked. Try again.');
      const dealTitle = dealId ? titleOf(dealId) : null;
      onResult({ kind: 'refused', ...refusal, firstName: null, dealTitle, rulesText: null });
    },
  });

  // A redemption is under way: no "Update available" prompt until it is done.
  useBusyWhile(code.trim() !== '' || verify.isPending, 'redemption');

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseCode(code);
    if (!parsed) return void toast({ title: 'Invalid Code', description: 'Enter the 6 digits the member shows.', variant: 'destructive' });
    if (!member.trim()) {
      return void toast({ title: 'Member Number Needed', description: CODE_NEEDS_MEMBER_MESSAGE, variant: 'destructive' });
    }
    const memberNumber = parseMemberNumber(member);
    if (memberNumber === null) {
      return void toast({ title: 'Invalid Member Number', description: 'Check the number on the member card.', variant: 'destructive' });
    }
    const typedPersonal = parseCode(personalCode);
    if (!typedPersonal) {
      return void toast({ title: 'Personal Code Needed', description: 'Enter the 6-digit personal code under the member’s pass.', variant: 'destructive' });
    }
    const amountCents = typedAmountCents(amount);
    verify.mutate({ code: parsed, memberNumber, personalCode: typedPersonal, ...(dealId ? { dealId } : {}), ...(amountCents ? { amountCents } : {}) });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Type a code</CardTitle>
        <CardDescription>No camera or scanner? Type the deal code on the member's screen, their member number and the personal code on their pass. The previous deal code still works for 2 minutes after it rotates.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate aria-label="Type a code" className="space-y-4">
          <Field id={`${id}-code`} label="Deal code" required>
            <Input id={`${id}-code`} inputMode="numeric" autoComplete="off" maxLength={7} placeholder="123456" value={code}
              className="h-16 text-center font-mono text-3xl tracking-[0.3em] sm:text-3xl" onChange={(e) => setCode(e.target.value)} />
          </Field>
          <Field id={`${id}-member`} label="Member number" required hint="From the member card in the app: a code alone is not accepted.">
            <Input id={`${id}-member`} inputMode="numeric" autoComplete="off" placeholder="100001" value={member}
              aria-describedby={`${id}-member-hint`} onChange={(e) => setMember(e.target.value)} />
          </Field>
          <Field id={`${id}-personal`} label="Personal code" required hint="The 6 digits under the member’s pass: they change every 30 seconds.">
            <Input id={`${id}-personal`} inputMode="numeric" autoComplete="off" maxLength={7} placeholder="654321" value={personalCode}
              aria-describedby={`${id}-personal-hint`} className="font-mono tracking-[0.2em]" onChange={(e) => setPersonalCode(e.target.value)} />
          </Field>
          {spendDeals.length > 0 && (
            <Field id={`${id}-amount`} label="Purchase amount ($)" hint={`Needed for ${spendDeals.map((d) => `${d.title}: ${d.rulesText}`).join('; ')}`}>
              <Input id={`${id}-amount`} type="number" inputMode="decimal" min={0.01} step={0.01} value={amount} placeholder="25.00"
                aria-describedby={`${id}-amount-hint`} onChange={(e) => setAmount(e.target.value)} />
            </Field>
          )}
          {ambiguous && (
            <Field id={`${id}-deal`} label="Which deal?">
              <Select id={`${id}-deal`} value={dealId} onChange={(e) => setDealId(e.target.value)}>
                <option value="">Choose the deal the member picked</option>
                {deals.filter((d) => d.active).map((d) => <option key={d.id} value={d.id}>{d.title}</option>)}
              </Select>
            </Field>
          )}
          {pausedUntil && (
            <p role="alert" data-testid="counter-paused" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
              Too many wrong codes or member numbers on this tablet. Checking works again at {clockTime(pausedUntil)}.
            </p>
          )}
          <Button type="submit" size="lg" className="w-full" pending={verify.isPending}>{verify.isPending ? 'Verifying...' : 'Verify Code'}</Button>
        </form>
      </CardContent>
    </Card>
  );
}
