import { LegalLayout, LegalSection } from './legal-layout';

/** /privacy (issue 31): what each party sees of a member, and what reviews make public. */
export function PrivacyPage() {
  return (
    <LegalLayout title="Privacy" intro="What Pay Local keeps about you, and who sees which part of it.">
      <LegalSection title="What we keep">
        <p>
          Your name, email address, password (stored only as a one-way hash), your city, the charity you chose, an
          optional profile picture, your member number, your points at each business, and the deals you redeemed.
          Card details stay with our payment provider; we never see or store your card number.
        </p>
      </LegalSection>
      <LegalSection title="What a business sees of you">
        <ul className="list-disc space-y-1 pl-5">
          <li>When you show your member pass or a deal code at the counter: your first name and your profile picture (if you added one), so the cashier knows the pass is yours, and your member number.</li>
          <li>In its figures: how many members redeemed its deals and followed it, counted, not named.</li>
          <li>Never your surname, email address, phone, card, city of residence or what you did at other businesses.</li>
        </ul>
      </LegalSection>
      <LegalSection title="What reviews make public">
        <p>
          When you rate a business after a redemption there, anyone signed in to Pay Local can see your rating, your
          comment, your first name and the date, together with the business's reply. The business's average rating and
          number of reviews appear on its deals. Your email address and member number are never shown. You can edit a
          review for a week; a review reported as inappropriate may be hidden by our team, and is then seen only by you,
          the business's owner and our team. Telling us an offer was not honoured is never public: only you, that
          business's owner and our team see it.
        </p>
      </LegalSection>
      <LegalSection title="Who else sees it">
        <p>
          Our administrators, to run the service and answer support requests; our payment provider, to take payments;
          and our mail provider, to send the messages you asked for. We do not sell your data or show advertising.
        </p>
      </LegalSection>
      <LegalSection title="Your choices">
        <p>
          You can change your name and picture and sign out other devices on your profile, turn push notifications off on
          each device, and ask support to delete your account.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
