import { CharityOptions, CityOptions } from '@/components/ui/lookup-options';
import { Field, Select } from '@/components/ui/form-controls';
import { TextField } from '@/components/ui/text-field';
import { NewPasswordField } from '@/components/ui/new-password-field';
import { useCharities } from '@/lib/lookup/get-charities';
import { useCities } from '@/lib/lookup/get-cities';

export interface AccountValues {
  name: string;
  email: string;
  password: string;
  homeCityId: string;
  preferredCharityId: string;
}

export const emptyAccount: AccountValues = { name: '', email: '', password: '', homeCityId: '', preferredCharityId: '' };

/** The subscribe page's account form: name, email, password (the one rule, decision 176), optional home city and charity. */
export function AccountFields({ value, onChange, disabled, passwordError }: {
  value: AccountValues; onChange: (next: AccountValues) => void; disabled?: boolean; passwordError?: string | null;
}) {
  const cities = useCities();
  const charities = useCharities(value.homeCityId || null);
  const set = (patch: Partial<AccountValues>) => onChange({ ...value, ...patch });

  return (
    <fieldset className="space-y-4" disabled={disabled}>
      <legend className="mb-3 text-lg font-semibold text-stone-900">2. Create your account</legend>
      <TextField id="subscribe-name" label="Full name" required autoComplete="name" value={value.name} onChange={(e) => set({ name: e.target.value })} />
      <TextField id="subscribe-email" label="Email address" required type="email" autoComplete="email" value={value.email} onChange={(e) => set({ email: e.target.value })} />
      <NewPasswordField id="subscribe-password" value={value.password} error={passwordError} onChange={(password) => set({ password })} />
      <Field id="subscribe-city" label="Home city" hint="Optional. We'll show you deals near you.">
        <Select
          id="subscribe-city"
          value={value.homeCityId}
          onChange={(e) => set({ homeCityId: e.target.value, preferredCharityId: '' })}
          disabled={cities.isPending}
          aria-describedby="subscribe-city-hint"
        >
          <CityOptions cities={cities.data} loading={cities.isPending} placeholder="Select your city (optional)" />
        </Select>
      </Field>
      {value.homeCityId && (
        <Field id="subscribe-charity" label="Preferred charity" hint="Optional. 10% of your membership goes to this charity.">
          <Select
            id="subscribe-charity"
            value={value.preferredCharityId}
            onChange={(e) => set({ preferredCharityId: e.target.value })}
            disabled={charities.isPending}
            aria-describedby="subscribe-charity-hint"
          >
            <CharityOptions
              charities={charities.data}
              placeholder={charities.isPending ? 'Loading charities...' : charities.data?.length ? "Your city's default charity" : 'No charities listed for this city yet'}
            />
          </Select>
        </Field>
      )}
    </fieldset>
  );
}
