import { describe, expect, it } from 'vitest';
import { registerBody } from '@shared/contract/index.ts';
import { accountTypeFromSearch, buildRegisterBody, initialRegisterForm, withHomeCity } from './register-form-state';

const CITY_ID = '6f1c1f62-5d0e-4c43-9a53-3c1b2f1e9a01';
const CHARITY_ID = '0b7d1a84-2f3c-4c8e-8d7e-5a9b6c3d2e10';
const cities = [{ id: CITY_ID, name: 'Lyons', state: 'Colorado' }];

describe('accountTypeFromSearch', () => {
  it('preselects Merchant only for role=merchant', () => {
    expect(accountTypeFromSearch(new URLSearchParams('role=merchant'))).toBe('MERCHANT');
    expect(accountTypeFromSearch(new URLSearchParams('role=admin'))).toBe('USER');
    expect(accountTypeFromSearch(new URLSearchParams())).toBe('USER');
  });
});

describe('withHomeCity', () => {
  it('clears the charity when the city changes, keeps it otherwise', () => {
    const state = { ...initialRegisterForm('USER'), homeCityId: CITY_ID, preferredCharityId: CHARITY_ID };
    expect(withHomeCity(state, 'other').preferredCharityId).toBe('');
    expect(withHomeCity(state, CITY_ID).preferredCharityId).toBe(CHARITY_ID);
  });
});

describe('buildRegisterBody', () => {
  const base = { name: ' Casey Member ', email: ' casey@example.com ', password: 'secret123' };

  it('builds a customer payload with optional city and charity, accepted by the contract', () => {
    const body = buildRegisterBody({ ...initialRegisterForm('USER'), ...base, homeCityId: CITY_ID, preferredCharityId: CHARITY_ID }, cities);
    expect(body).toEqual({
      role: 'USER',
      name: 'Casey Member',
      email: 'casey@example.com',
      password: 'secret123',
      homeCityId: CITY_ID,
      preferredCharityId: CHARITY_ID,
    });
    expect(registerBody.safeParse(body).success).toBe(true);

    const bare = buildRegisterBody({ ...initialRegisterForm('USER'), ...base }, cities);
    expect(bare).toMatchObject({ homeCityId: null, preferredCharityId: null });
    expect(registerBody.safeParse(bare).success).toBe(true);
  });

  it('builds a merchant payload with cityName from the chosen city, accepted by the contract', () => {
    const body = buildRegisterBody(
      {
        ...initialRegisterForm('MERCHANT'),
        ...base,
        businessName: ' Bean There ',
        businessAddress: '1 Main St',
        businessType: 'food',
        merchantCityId: CITY_ID,
        isWomenOwned: true,
        // Customer fields left over from switching account type must not leak into the payload.
        homeCityId: CITY_ID,
      },
      cities,
    );
    expect(body).toMatchObject({
      role: 'MERCHANT',
      merchantData: { businessName: 'Bean There', businessType: 'food', cityId: CITY_ID, cityName: 'Lyons, Colorado', isWomenOwned: true },
    });
    expect(body).not.toHaveProperty('homeCityId');
    expect(registerBody.safeParse(body).success).toBe(true);
  });

  it('uses the default town and a null city id when no city is chosen', () => {
    const body = buildRegisterBody({ ...initialRegisterForm('MERCHANT'), ...base, businessName: 'Shop', businessAddress: 'Addr' }, []);
    expect(body).toMatchObject({ merchantData: { cityId: null, cityName: 'Lyons, Colorado' } });
  });
});
