import { useEffect, useId, useState, type FormEvent } from 'react';
import { PASS_NOT_RECOGNISED, parsePass, walletCodeOf } from '@shared/member-pass.ts';
import type { DealRedemption, MemberNumber, MerchantDeal, OfflineCodesAnswer } from '@shared/contract/index.ts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, Input, Select } from '@/components/ui/form-controls';
import { errorStatus } from '@/lib/api-error';
import { discountLabel, usageLabel } from '@/lib/deals/deal-format';
import { afterFirstScreen } from '@/lib/first-screen';
import { outbox } from '@/lib/outbox/outbox';
import { useBusyWhile } from '@/lib/pwa/busy';
import { usePassKeys } from '../api/get-pass-keys';
import { useVerifyPass } from '../api/verify-pass';
import { checkPassOffline } from '../utils/offline-pass';
import { offlineRulesRefusal } from '../utils/offline-check';
import { parseCode, typedAmountCents } from '../utils/counter-input';
import { offlineRepeatRefusal } from '../utils/offline-repeat';
import { createRepeatGuard, isMemberPass, scannedMemberNumber, scanRefusalOf, scannedText } from '../utils/pass-scan';
import { preloadQrDecoder } from '../utils/qr-decoder';
import type { CheckResult } from './check-result-panel';
import { PassCamera } from './pass-camera';

interface ScanPassCardProps {
  deals: MerchantDeal[];
  /** Every scan's outcome goes to the counter's one result panel (decision 192). */
  onResult: (result: CheckResult) => void;
  /** The counter's offline cover: its time zone reads the deals' rules without a network (issue 38). */
  cover?: OfflineCodesAnswer | null;
}

/** After a request that got no answer, the same pass is tried again this long after (not on every frame). */
const RETRY_AFTER_NO_ANSWER_MS = 2000;

const CHOOSE_DEAL = 'Choose the deal the member wants first, then scan the pass again.';

/**
 * "Scan member pass" (decision 167): the deal to redeem, the camera, and a field a USB or Bluetooth scanner
 * types into (it ends with Enter). Each pass goes to verify-pass once; the answer shows who the member is and
 * "Approved", or why not and when the deal works again for them.
 */
export function ScanPassCard({ deals, onResult, cover }: ScanPassCardProps) {
  const id = useId();
  const liveDeals = deals.filter((deal) => deal.active);
  const [chosenDealId, setChosenDealId] = useState('');
  // With one live deal there is nothing to choose.
  const deal = liveDeals.find((d) => d.id === chosenDealId) ?? (liveDeals.length === 1 ? liveDeals[0] : undefined);
  const [typed, setTyped] = useState('');
  // The purchase amount, asked when the deal has a minimum spend (issue 38).
  const [amount, setAmount] = useState('');
  const needsAmount = Boolean(deal?.rules?.minSpendCents);
  const [guard] = useState(() => createRepeatGuard());
  // An Apple Wallet pass's QR names the member only (decision 207): its number is filled in and the personal code
  // asked for; the two go to verify-pass together as a Google pass's code would, never the number alone.
  const [namedMember, setNamedMember] = useState<MemberNumber | null>(null);
  const [personalCode, setPersonalCode] = useState('');
  const [personalCodeInvalid, setPersonalCodeInvalid] = useState(false);

  const passKeys = usePassKeys().data;

  const verify = useVerifyPass({
    // Without a network: the same check as the server's with the platform's public keys this tablet kept, and the
    // per-member limit as far as this tablet's own queue tells; the server flags what it could not see (decision 165).
    toQueue: async (body) => {
      const at = Date.now();
      const checked = await checkPassOffline(passKeys, body.pass, at);
      const queuedDeal = deals.find((d) => d.id === body.dealId);
      const repeat = offlineRepeatRefusal(outbox.getEntries(), {
        dealId: body.dealId, memberNumber: checked.memberNumber, perMemberLimit: queuedDeal?.perMemberLimit ?? 'none', nowMs: at,
      });
      if (repeat) throw repeat;
      const outside = offlineRulesRefusal(queuedDeal?.rules, cover?.timeZone, body.amountCents, at);
      if (outside) throw outside;
      return { ...body, verifiedAt: new Date(at).toISOString() };
    },
    onQueued: ({ dealId, entry }) => {
      const queuedDeal = deals.find((d) => d.id === dealId);
      const discount = queuedDeal ? discountLabel(queuedDeal) : '';
      const pass = parsePass((entry.body as { pass: string }).pass);
      const firstName = pass?.certificate.fn ?? 'Member';
      const memberNumber = pass?.certificate.mn ?? 0;
      setAmount('');
      onResult({
        kind: 'approved', id: `queued-${entry.key}`, firstName, pictureUrl: null, memberNumber, dealTitle: queuedDeal?.title ?? 'deal', discount,
        rulesText: queuedDeal?.rulesText ?? null, usage: '', undoUntil: null, undone: false, offline: true,
      });
    },
    onSuccess: (redemption: DealRedemption) => {
      const redeemed = deals.find((d) => d.id === redemption.dealId);
      const discount = redeemed ? discountLabel(redeemed) : '';
      const usage = usageLabel({ usedCount: redemption.usedCount, maxUses: redemption.maxUses });
      setAmount('');
      setNamedMember(null);
      setPersonalCode('');
      onResult({
        kind: 'approved', id: redemption.id, firstName: redemption.member?.firstName ?? null, pictureUrl: redemption.member?.pictureUrl ?? null,
        memberNumber: redemption.memberNumber, dealTitle: redemption.dealTitle, discount, rulesText: redemption.rulesText ?? null, usage,
        undoUntil: redemption.undoUntil, undone: false,
      });
    },
  });

  useEffect(() => void afterFirstScreen().then(preloadQrDecoder), []);

  // A redemption is under way: no "Update available" prompt until it is done.
  useBusyWhile(typed.trim() !== '' || verify.isPending, 'redemption');

  function scan(raw: string) {
    const text = scannedText(raw);
    if (!text) return;
    const numberOnly = scannedMemberNumber(text);
    if (numberOnly !== null) {
      if (guard.accept(`number ${text}`)) {
        setNamedMember(numberOnly);
        setPersonalCode('');
        setPersonalCodeInvalid(false);
        // After React shows the field.
        setTimeout(() => document.getElementById(`${id}-personal`)?.focus());
      }
      return;
    }
    send(text);
  }

  /** A member pass or a wallet code (PLW.<number>.<personal code>) to verify-pass, for the chosen deal. */
  function send(text: string) {
    if (!isMemberPass(text)) {
      if (guard.accept(text)) onResult({ kind: 'refused', message: PASS_NOT_RECOGNISED, availableAt: null, firstName: null, dealTitle: null, rulesText: null });
      return;
    }
    if (!deal) {
      // Once per sighting of this pass, not on every camera frame (focus would jump back to the list each time).
      if (guard.accept(`no-deal ${text}`)) {
        onResult({ kind: 'refused', message: CHOOSE_DEAL, availableAt: null, firstName: null, dealTitle: null, rulesText: null });
        document.getElementById(`${id}-deal`)?.focus();
      }
      return;
    }
    // One pass at a time, and the same pass once per deal (the camera sees it several times a second; the
    // same pass is good for another deal of the visit as soon as the staff choose it).
    const sighting = `${deal.id} ${text}`;
    if (verify.isPending || !guard.accept(sighting)) return;
    onResult({ kind: 'checking' });
    const amountCents = typedAmountCents(amount);
    verify.mutate({ pass: text, dealId: deal.id, ...(amountCents ? { amountCents } : {}) }, {
      onError: (error) => {
        // No answer at all (no connection): the same pass held in view is tried again after a short pause.
        if (errorStatus(error) === null) setTimeout(() => guard.forget(sighting), RETRY_AFTER_NO_ANSWER_MS);
        const refusal = scanRefusalOf(error, 'The pass could not be checked. Try again.');
        // A 409 comes after the server checked the pass: the name on it is the member's.
        const firstName = errorStatus(error) === 409 ? parsePass(text)?.certificate.fn ?? null : null;
        onResult({ kind: 'refused', ...refusal, firstName, dealTitle: deal.title, rulesText: null });
      },
    });
  }

  function submitPersonalCode(event: FormEvent) {
    event.preventDefault();
    const code = parseCode(personalCode);
    setPersonalCodeInvalid(code === null);
    if (code === null || namedMember === null) return;
    send(walletCodeOf(namedMember, code));
  }

  function submitTyped(event: FormEvent) {
    event.preventDefault();
    scan(typed);
    setTyped('');
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Scan member pass</CardTitle>
        <CardDescription>The member opens "Show member pass" in the app. Check that the name (and photo) is the person in front of you.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <Field id={`${id}-deal`} label="Deal to redeem" required>
          <Select id={`${id}-deal`} value={deal?.id ?? ''} onChange={(e) => setChosenDealId(e.target.value)}>
            {liveDeals.length !== 1 && <option value="">{liveDeals.length ? 'Choose the deal' : 'No live deals'}</option>}
            {liveDeals.map((d) => <option key={d.id} value={d.id}>{d.title} ({discountLabel(d)})</option>)}
          </Select>
        </Field>
        {needsAmount && (
          <Field id={`${id}-amount`} label="Purchase amount ($)" required hint={deal?.rulesText}>
            <Input id={`${id}-amount`} type="number" inputMode="decimal" min={0.01} step={0.01} value={amount} placeholder="25.00"
              aria-describedby={`${id}-amount-hint`} onChange={(e) => setAmount(e.target.value)} />
          </Field>
        )}
        <PassCamera onScan={scan} />
        {namedMember !== null && (
          <form onSubmit={submitPersonalCode} noValidate aria-label="Personal code for this member" data-testid="scan-personal-code"
            className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-3">
            <p className="text-sm text-amber-900">A wallet pass shows the member number only. Ask the member for the personal code under their pass in the Pay Local app.</p>
            <Field id={`${id}-number`} label="Member number">
              <Input id={`${id}-number`} readOnly value={String(namedMember)} className="font-mono" />
            </Field>
            <Field id={`${id}-personal`} label="Personal code" required hint={personalCodeInvalid ? 'Enter the 6 digits under the member’s pass.' : undefined}>
              <div className="flex gap-2">
                <Input id={`${id}-personal`} inputMode="numeric" autoComplete="off" maxLength={7} placeholder="654321" value={personalCode}
                  aria-invalid={personalCodeInvalid || undefined} aria-describedby={personalCodeInvalid ? `${id}-personal-hint` : undefined}
                  className="min-w-0 flex-1 font-mono tracking-[0.2em]" onChange={(e) => setPersonalCode(e.target.value)} />
                <Button type="submit" pending={verify.isPending}>Check</Button>
              </div>
            </Field>
            <Button type="button" variant="ghost" size="sm" onClick={() => setNamedMember(null)}>Cancel</Button>
          </form>
        )}
        <form onSubmit={submitTyped} noValidate className="space-y-2">
          <Field id={`${id}-scanner`} label="Scanner input" hint="With a USB or Bluetooth scanner: tap here, then scan the pass (the scanner presses Enter).">
            <div className="flex gap-2">
              <Input id={`${id}-scanner`} autoComplete="off" autoCapitalize="off" autoCorrect="off" spellCheck={false} value={typed}
                aria-describedby={`${id}-scanner-hint`} className="min-w-0 flex-1 font-mono" placeholder="Scan the pass here" onChange={(e) => setTyped(e.target.value)} />
              <Button type="submit" variant="outline" pending={verify.isPending}>Check</Button>
            </div>
          </Field>
        </form>
      </CardContent>
    </Card>
  );
}
