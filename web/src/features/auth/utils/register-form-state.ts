import type { City, RegisterBody } from '@shared/contract/index.ts';
import { merchantCityName } from '@/lib/cities';

export type AccountType = 'USER' | 'MERCHANT';

export interface RegisterFormState {
  accountType: AccountType;
  name: string;
  email: string;
  password: string;
  // Customer
  homeCityId: string;
  preferredCharityId: string;
  // Merchant
  businessName: string;
  businessType: string;
  businessDescription: string;
  businessAddress: string;
  businessPhone: string;
  businessWebsite: string;
  /** Empty string: no city chosen. */
  merchantCityId: string;
  isWomenOwned: boolean;
}

/** `?role=merchant` preselects Merchant; anything else means Customer (docs/spec.md section 2). */
export function accountTypeFromSearch(search: URLSearchParams): AccountType {
  return search.get('role')?.toLowerCase() === 'merchant' ? 'MERCHANT' : 'USER';
}

export function initialRegisterForm(accountType: AccountType): RegisterFormState {
  return {
    accountType,
    name: '',
    email: '',
    password: '',
    homeCityId: '',
    preferredCharityId: '',
    businessName: '',
    businessType: '',
    businessDescription: '',
    businessAddress: '',
    businessPhone: '',
    businessWebsite: '',
    merchantCityId: '',
    isWomenOwned: false,
  };
}

/** A new home city invalidates the charity picked for the old one (docs/spec.md section 4, registration form). */
export function withHomeCity(state: RegisterFormState, homeCityId: string): RegisterFormState {
  return homeCityId === state.homeCityId ? state : { ...state, homeCityId, preferredCharityId: '' };
}

/**
 * The POST /api/auth/register payload for the chosen account type. Only that type's fields are sent;
 * blank optional ids become null. The server trims and validates everything again.
 */
export function buildRegisterBody(state: RegisterFormState, cities: readonly City[]): RegisterBody {
  const common = { name: state.name.trim(), email: state.email.trim(), password: state.password };
  if (state.accountType === 'USER') {
    return {
      ...common,
      role: 'USER',
      homeCityId: state.homeCityId || null,
      preferredCharityId: state.homeCityId ? state.preferredCharityId || null : null,
    };
  }
  return {
    ...common,
    role: 'MERCHANT',
    merchantData: {
      businessName: state.businessName.trim(),
      businessType: state.businessType,
      businessDescription: state.businessDescription.trim(),
      businessAddress: state.businessAddress.trim(),
      businessPhone: state.businessPhone.trim(),
      businessWebsite: state.businessWebsite.trim(),
      cityId: state.merchantCityId || null,
      isWomenOwned: state.isWomenOwned,
      cityName: merchantCityName(cities, state.merchantCityId),
    },
  };
}
