import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { NewPasswordField, newPasswordRefusal } from '@/components/ui/new-password-field';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { useChangePassword, useLogoutAll } from '../api/security';

/** Change password (other devices signed out) and sign out everywhere. */
export function SecurityCard() {
  const navigate = useNavigate();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const change = useChangePassword();
  const logoutAll = useLogoutAll({
    onSuccess: () => {
      navigate(paths.login, { replace: true });
      toast({ title: 'Signed out everywhere', description: 'Every device, this one included, has been signed out.' });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const refusal = newPasswordRefusal(newPassword, 'New password');
    setPasswordError(refusal);
    if (refusal) return;
    change.mutate({ currentPassword, newPassword }, {
      onSuccess: () => {
        setCurrent('');
        setNew('');
        toast({ title: 'Password changed', description: 'Your other devices have been signed out.' });
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Password and sessions</CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        <form onSubmit={onSubmit} className="space-y-4" aria-label="Change password">
          <TextField id="current-password" label="Current password" required type="password" autoComplete="current-password" value={currentPassword}
            onChange={(e) => setCurrent(e.target.value)} />
          <NewPasswordField id="new-password" label="New password" value={newPassword} error={passwordError} onChange={setNew} />
          {change.isError && <p role="alert" className="text-sm text-red-700">{errorMessage(change.error)}</p>}
          <Button type="submit" pending={change.isPending}>Change password</Button>
        </form>
        <div className="space-y-2 border-t border-stone-200 pt-4">
          <p className="text-sm text-stone-700">Lost a phone or used a shared computer? End every session of your account.</p>
          {logoutAll.isError && <p role="alert" className="text-sm text-red-700">{errorMessage(logoutAll.error)}</p>}
          <Button variant="outline" pending={logoutAll.isPending} onClick={() => logoutAll.mutate()}>
            Sign out everywhere
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
