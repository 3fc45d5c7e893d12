import { describe, expect, it } from 'vitest';
import { imageFileProblem } from './image-check';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

describe('imageFileProblem', () => {
  it('accepts a real PNG', async () => {
    expect(await imageFileProblem(new File([png], 'me.png', { type: 'image/png' }))).toBeNull();
  });
  it('rejects a renamed text file and a non-image type', async () => {
    expect(await imageFileProblem(new File(['not a picture'], 'me.png', { type: 'image/png' }))).toBe('Please select a valid image file.');
    expect(await imageFileProblem(new File([png], 'me.pdf', { type: 'application/pdf' }))).toBe('Please select a valid image file.');
  });
  it('rejects files over 5 MB', async () => {
    const big = new File([png, new Uint8Array(5 * 1024 * 1024)], 'big.png', { type: 'image/png' });
    expect(await imageFileProblem(big)).toBe('File size must be less than 5MB.');
  });
});
