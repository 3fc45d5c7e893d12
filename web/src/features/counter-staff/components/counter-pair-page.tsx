import { PAIRING_CODE_LENGTH } from '@shared/contract/index.ts';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { usePairDevice } from '../api/pair-device';
import { StaffLayout } from './staff-layout';

/** /counter/pair: the shop's tablet becomes the business's counter with the owner's one-time code (no owner password). */
export function CounterPairPage() {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const pair = usePairDevice({ onSuccess: () => navigate(paths.counterSwitch, { replace: true }) });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    pair.mutate({ code });
  };

  return (
    <StaffLayout title="Pair this tablet" subtitle="The owner makes a one-time code under Staff on their dashboard. It works once, for 10 minutes.">
      <form onSubmit={onSubmit} className="space-y-5">
        <TextField id="pairing-code" label="Pairing code" required autoComplete="off" autoCapitalize="characters" spellCheck={false}
          maxLength={PAIRING_CODE_LENGTH + 4} inputClassName="font-mono text-2xl uppercase tracking-[0.3em]"
          value={code} onChange={(e) => setCode(e.target.value.toUpperCase())} />
        {pair.isError && <p role="alert" className="text-sm text-red-700">{errorMessage(pair.error)}</p>}
        <Button type="submit" size="lg" className="w-full" pending={pair.isPending}>Pair tablet</Button>
      </form>
    </StaffLayout>
  );
}
