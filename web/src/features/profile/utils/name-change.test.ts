import { describe, expect, it } from 'vitest';
import { nameToSave } from './name-change';

describe('nameToSave', () => {
  it('trims, refuses empty names and sends nothing when unchanged', () => {
    expect(nameToSave('  Maya M.  ', 'Maya Member')).toBe('Maya M.');
    expect(nameToSave('   ', 'Maya Member')).toBeNull();
    expect(nameToSave(' Maya Member ', 'Maya Member')).toBeNull();
  });
});
