import { describe, expect, it } from 'vitest';
import { nameToSave } from './name-change';
import { pictureProblem } from './picture-check';

describe('nameToSave', () => {
  it('trims, refuses empty names and sends nothing when unchanged', () => {
    expect(nameToSave('  Maya M.  ', 'Maya Member')).toBe('Maya M.');
    expect(nameToSave('   ', 'Maya Member')).toBeNull();
    expect(nameToSave(' Maya Member ', 'Maya Member')).toBeNull();
  });
});

describe('pictureProblem', () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
  it('accepts a real PNG', async () => {
    expect(await pictureProblem(new File([png], 'me.png', { type: 'image/png' }))).toBeNull();
  });
  it('rejects a renamed text file and a non-image type', async () => {
    expect(await pictureProblem(new File(['not a picture'], 'me.png', { type: 'image/png' }))).toBe('Please select a valid image file.');
    expect(await pictureProblem(new File([png], 'me.pdf', { type: 'application/pdf' }))).toBe('Please select a valid image file.');
  });
  it('rejects files over 5 MB', async () => {
    const big = new File([png, new Uint8Array(5 * 1024 * 1024)], 'big.png', { type: 'image/png' });
    expect(await pictureProblem(big)).toBe('File size must be less than 5MB.');
  });
});
