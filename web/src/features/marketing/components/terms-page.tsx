import { formatBps } from '@shared/basis-points.ts';
import { CHARITY_SHARE_BPS, PAYMENT_GRACE_DAYS, PLAN_IDS, PLANS, planTerms } from '@shared/constants.ts';
import { formatUsd } from '@shared/money.ts';
import { LegalLayout, LegalSection } from './legal-layout';

/** /terms (issue 31): the membership, the payment terms of each plan, and the rules at the counter. */
export function TermsPage() {
  return (
    <LegalLayout title="Terms" intro="The membership, what each plan costs and how it renews, and the rules at the counter.">
      <LegalSection title="Plans and payment">
        <p>Prices are in US dollars and include everything you pay us. {formatBps(CHARITY_SHARE_BPS)} of each payment goes to the local charity you choose.</p>
        <ul className="space-y-3" aria-label="Plans">
          {PLAN_IDS.map((plan) => (
            <li key={plan} className="rounded-xl border border-stone-200 bg-white p-4">
              <p className="font-semibold text-stone-900">
                {PLANS[plan].label} · {formatUsd(PLANS[plan].priceCents, { keepCents: true })}
              </p>
              <p className="text-sm text-stone-700">{planTerms(plan)}</p>
            </li>
          ))}
        </ul>
        <p>
          If a renewal fails we try the card again for {PAYMENT_GRACE_DAYS} days, during which your deals stay open; you can update the card
          on your profile. A paused membership is not charged and shows no deals until you resume it.
        </p>
      </LegalSection>
      <LegalSection title="Deals and codes">
        <p>
          Codes rotate and are for the member who holds them. A business may limit how often one member uses a deal. If a
          business does not honour a deal you showed, tell us from the deal and we follow it up with the business.
        </p>
      </LegalSection>
      <LegalSection title="Reviews">
        <p>
          You may rate a business once per visit (a day you used one or more of its deals), with a short comment, and edit it for a week. Reviews are
          public (see Privacy); keep them honest and free of personal details. Reported reviews may be hidden.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
