// The create/edit deal form (docs/spec.md section 5): what the merchant typed -> the API payload, with the
// spec's notices for each broken rule. The server checks the same rules again.
import {
  DEAL_DESCRIPTION_MAX, DEAL_TITLE_MAX, DEFAULT_DEAL_CATEGORY, DEFAULT_PER_MEMBER_LIMIT, type PerMemberLimit,
} from '@shared/constants.ts';
import type { CreateDealBody, MerchantDeal, UpdateDealBody } from '@shared/contract/index.ts';
import { fieldMessage } from '@shared/contract/field-labels.ts';
import { dollarsToCents } from '@shared/deal-rules.ts';
import { centsAsDecimal } from '@shared/money.ts';
import { normalizeOfferRules, type OfferRules, offerRulesInput } from '@shared/offer-rules.ts';

export type DiscountType = 'percent' | 'amount';

export interface DealFormValues {
  title: string;
  description: string;
  discountType: DiscountType;
  discountPercent: string;
  /** Dollars, as typed. */
  discountAmount: string;
  category: string;
  maxUses: string;
  /** How often one member may use the deal (decision 165). */
  perMemberLimit: PerMemberLimit;
  /** yyyy-mm-dd from a date input, or ''. */
  validFrom: string;
  validTo: string;
  /** Offer rules (issue 38): ISO weekdays ticked (none ticked = every day), "HH:MM" or '', dollars as typed. */
  weekdays: number[];
  startTime: string;
  endTime: string;
  minSpend: string;
  /** "YYYY-MM-DD" dates, separated by commas or spaces. */
  excludedDates: string;
  rulesNote: string;
  /** The locations the deal is limited to (issue 40); none ticked = all locations. */
  locationIds: string[];
}

interface FormNotice {
  title: string;
  description: string;
}

export type DealFormResult<T> = { ok: true; payload: T } | { ok: false; notice: FormNotice };

export const emptyDealForm: DealFormValues = {
  title: '', description: '', discountType: 'percent', discountPercent: '', discountAmount: '',
  category: DEFAULT_DEAL_CATEGORY, maxUses: '', perMemberLimit: DEFAULT_PER_MEMBER_LIMIT, validFrom: '', validTo: '',
  weekdays: [], startTime: '', endTime: '', minSpend: '', excludedDates: '', rulesNote: '', locationIds: [],
};

/**
 * The offer rules as typed, checked by the contract's schema: the rules (null for none) or why not. Used for the
 * payload and for the live preview of the sentence members will read.
 */
export function rulesOfForm(values: DealFormValues): { ok: true; rules: OfferRules | null } | { ok: false; notice: FormNotice } {
  const dollars = values.minSpend.trim();
  const minSpendCents = dollars === '' ? null : Number(dollars);
  if (minSpendCents !== null && !(Number.isFinite(minSpendCents) && minSpendCents >= 0.01)) {
    return { ok: false, notice: { title: 'Invalid Minimum Spend', description: 'Enter the minimum spend in dollars, e.g. 20.' } };
  }
  const parsed = offerRulesInput.safeParse({
    weekdays: values.weekdays.length ? values.weekdays : null,
    startTime: values.startTime || null,
    endTime: values.endTime || null,
    minSpendCents: minSpendCents === null ? null : dollarsToCents(minSpendCents),
    excludedDates: values.excludedDates.split(/[\s,]+/).filter(Boolean),
    note: values.rulesNote,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, notice: { title: 'Invalid Offer Rules', description: issue.path.length ? fieldMessage(issue.path, issue.message) : issue.message } };
  }
  return { ok: true, rules: parsed.data };
}

const MISSING: FormNotice = { title: 'Missing Information', description: 'Please fill in the deal title and description.' };
const BAD_PERCENT: FormNotice = { title: 'Invalid Discount', description: 'Please enter a valid discount percentage (1-100).' };
const BAD_AMOUNT: FormNotice = { title: 'Invalid Discount', description: 'Please enter a valid discount amount.' };

/** Local calendar day bounds as ISO instants: a deal "until Friday" lasts to the end of Friday here. */
export function localDayStart(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y, m - 1, d, 0, 0, 0, 0).toISOString();
}
export function localDayEnd(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y, m - 1, d, 23, 59, 59, 999).toISOString();
}
/** An ISO instant as the local yyyy-mm-dd a date input shows. */
function localDateOf(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

interface Checked {
  title: string;
  description: string;
  discountPercent: number | null;
  discountAmount: number | null;
  category: string;
  maxUses: number | null;
  perMemberLimit: PerMemberLimit;
  validFrom: string | null;
  validTo: string | null;
  rules: OfferRules | null;
  locationIds: string[];
}

function check(values: DealFormValues): DealFormResult<Checked> {
  const title = values.title.trim();
  const description = values.description.trim();
  if (!title || !description) return { ok: false, notice: MISSING };
  if (title.length > DEAL_TITLE_MAX) return { ok: false, notice: { title: 'Title Too Long', description: `The title can be at most ${DEAL_TITLE_MAX} characters.` } };
  if (description.length > DEAL_DESCRIPTION_MAX) {
    return { ok: false, notice: { title: 'Description Too Long', description: `The description can be at most ${DEAL_DESCRIPTION_MAX} characters.` } };
  }

  let discountPercent: number | null = null;
  let discountAmount: number | null = null;
  if (values.discountType === 'percent') {
    const percent = Number(values.discountPercent);
    if (values.discountPercent.trim() === '' || !Number.isInteger(percent) || percent < 1 || percent > 100) return { ok: false, notice: BAD_PERCENT };
    discountPercent = percent;
  } else {
    const dollars = Number(values.discountAmount);
    if (values.discountAmount.trim() === '' || !Number.isFinite(dollars) || dollars < 0.01) return { ok: false, notice: BAD_AMOUNT };
    discountAmount = dollarsToCents(dollars);
  }

  let maxUses: number | null = null;
  if (values.maxUses.trim() !== '') {
    const n = Number(values.maxUses);
    if (!Number.isInteger(n) || n < 1) return { ok: false, notice: { title: 'Invalid Max Uses', description: 'Max uses must be a whole number of at least 1.' } };
    maxUses = n;
  }
  const validFrom = values.validFrom ? localDayStart(values.validFrom) : null;
  const validTo = values.validTo ? localDayEnd(values.validTo) : null;
  if (validFrom && validTo && validFrom > validTo) {
    return { ok: false, notice: { title: 'Invalid Dates', description: 'The end date must be on or after the start date.' } };
  }
  const rules = rulesOfForm(values);
  if (!rules.ok) return rules;
  return { ok: true, payload: { title, description, discountPercent, discountAmount, category: values.category || DEFAULT_DEAL_CATEGORY, maxUses, perMemberLimit: values.perMemberLimit, validFrom, validTo, rules: rules.rules, locationIds: values.locationIds } };
}

/** Create payload: only the chosen discount kind is sent; optional fields only when set. */
export function createPayload(values: DealFormValues): DealFormResult<CreateDealBody> {
  const result = check(values);
  if (!result.ok) return result;
  const { discountPercent, discountAmount, maxUses, validFrom, validTo, rules, locationIds, ...rest } = result.payload;
  const payload: CreateDealBody = { ...rest };
  if (rules) payload.rules = rules;
  if (locationIds.length > 0) payload.locationIds = locationIds;
  if (discountPercent !== null) payload.discountPercent = discountPercent;
  if (discountAmount !== null) payload.discountAmount = discountAmount;
  if (maxUses !== null) payload.maxUses = maxUses;
  if (validFrom) payload.validFrom = validFrom;
  if (validTo) payload.validTo = validTo;
  return { ok: true, payload };
}

/** Edit payload: every field, the unused discount kind as null (docs/spec.md section 3). */
export function updatePayload(values: DealFormValues): DealFormResult<UpdateDealBody> {
  const result = check(values);
  if (!result.ok) return result;
  return { ok: true, payload: result.payload as UpdateDealBody };
}

/** The form filled from a stored deal, for editing. */
export function formValuesOf(deal: MerchantDeal): DealFormValues {
  return {
    title: deal.title,
    description: deal.description,
    discountType: deal.discountPercent !== null ? 'percent' : 'amount',
    discountPercent: deal.discountPercent !== null ? String(deal.discountPercent) : '',
    discountAmount: deal.discountAmount !== null ? centsAsDecimal(deal.discountAmount) : '',
    category: deal.category,
    maxUses: deal.maxUses !== null ? String(deal.maxUses) : '',
    perMemberLimit: deal.perMemberLimit,
    validFrom: localDateOf(deal.validFrom),
    validTo: localDateOf(deal.validTo),
    ...formRulesOf(deal.rules),
    locationIds: deal.locationIds,
  };
}

function formRulesOf(stored: OfferRules | null | undefined) {
  const rules = stored ? normalizeOfferRules(stored) : null;
  return {
    weekdays: rules?.weekdays ?? [],
    startTime: rules?.startTime ?? '',
    endTime: rules?.endTime ?? '',
    minSpend: rules?.minSpendCents ? centsAsDecimal(rules.minSpendCents) : '',
    excludedDates: rules?.excludedDates.join(', ') ?? '',
    rulesNote: rules?.note ?? '',
  };
}
