import { useSearchParams } from 'react-router';
import { accountTypeFromSearch } from '../utils/register-form-state';
import { RegisterForm } from './register-form';

export function RegisterPage() {
  const [search] = useSearchParams();
  const initialType = accountTypeFromSearch(search);
  // Keyed so that following a link to /register?role=merchant from /register starts a fresh merchant form.
  return <RegisterForm key={initialType} initialType={initialType} />;
}
