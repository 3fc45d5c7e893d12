import { useEffect, useRef } from 'react';
import { useIsRestoring } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth/get-me';
import { errorMessage } from '@/lib/api-error';
import { useVerifyEmail } from '../api/account';
import { AuthLayout } from './auth-layout';
import { TextLink } from './text-link';

/** /verify-email?token=…: the link from the verification mail confirms the address once, signed in or not. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user } = useUser();
  const verify = useVerifyEmail();
  const sent = useRef(false);
  // The confirmation marks the profile to be read again; sent while the device's saved answers are still being
  // restored, the restore would put the old "Not verified" profile back as fresh after it, so it waits for it.
  const restoring = useIsRestoring();

  useEffect(() => {
    if (token && !restoring && !sent.current) {
      sent.current = true;
      verify.mutate({ token });
    }
  }, [token, restoring, verify]);

  const next = user ? <TextLink to={paths.profile}>Go to your profile</TextLink> : <TextLink to={paths.login}>Sign in</TextLink>;
  return (
    <AuthLayout title="Confirm your email address" footer={next}>
      {!token ? (
        <p role="alert" className="text-red-700">This page needs the link from your email.</p>
      ) : verify.isSuccess ? (
        <p role="status" className="text-stone-800">Thank you: your email address is confirmed.</p>
      ) : verify.isError ? (
        <p role="alert" className="text-red-700">{errorMessage(verify.error)}</p>
      ) : (
        <p className="text-stone-700">Confirming...</p>
      )}
    </AuthLayout>
  );
}
