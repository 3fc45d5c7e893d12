import { describe, expect, it } from 'vitest';
import { holdBusy, isBusy, subscribeBusy } from './busy';

describe('busy flag', () => {
  it('stays busy until every holder has released, and notifies on changes', () => {
    const changes: boolean[] = [];
    const unsubscribe = subscribeBusy(() => changes.push(isBusy()));
    const releaseRedemption = holdBusy('redemption');
    const releaseCode = holdBusy('code');
    releaseRedemption();
    expect(isBusy()).toBe(true);
    releaseCode();
    releaseCode(); // releasing twice changes nothing
    expect(isBusy()).toBe(false);
    expect(changes).toEqual([true, true, true, false]);
    unsubscribe();
  });
});
