import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from './constants.ts';
import { detectImageType, imageProblem, objectDisplayPath } from './images.ts';

const bytes = (...b: number[]) => new Uint8Array(b);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10);
const GIF = new TextEncoder().encode('GIF89a....');
const WEBP = new TextEncoder().encode('RIFF\x24\x00\x00\x00WEBPVP8 ');

describe('detectImageType', () => {
  it('recognises png, jpeg, gif and webp by their magic bytes', () => {
    expect(detectImageType(PNG)).toBe('image/png');
    expect(detectImageType(JPEG)).toBe('image/jpeg');
    expect(detectImageType(GIF)).toBe('image/gif');
    expect(detectImageType(new TextEncoder().encode('GIF87a'))).toBe('image/gif');
    expect(detectImageType(WEBP)).toBe('image/webp');
  });

  it('rejects text, a RIFF that is not WebP, truncated signatures and empty files', () => {
    expect(detectImageType(new TextEncoder().encode('hello, this is not a png'))).toBeNull();
    expect(detectImageType(new TextEncoder().encode('RIFF\x24\x00\x00\x00WAVEfmt '))).toBeNull();
    expect(detectImageType(PNG.slice(0, 4))).toBeNull();
    expect(detectImageType(new TextEncoder().encode('GIF89b'))).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
  });
});

describe('imageProblem', () => {
  it('accepts an image up to exactly 5,242,880 bytes', () => {
    expect(imageProblem(MAX_UPLOAD_BYTES, PNG)).toBeNull();
  });
  it('rejects one byte more with the size message, before looking at the type', () => {
    expect(imageProblem(MAX_UPLOAD_BYTES + 1, new Uint8Array())).toEqual({ kind: 'too-large', message: 'File size must be less than 5MB.' });
  });
  it('rejects non-images and empty files with the type message', () => {
    expect(imageProblem(10, new TextEncoder().encode('plain text'))?.message).toBe('Please select a valid image file.');
    expect(imageProblem(0, PNG)?.kind).toBe('not-an-image');
  });
});

describe('objectDisplayPath', () => {
  it('keeps /objects/ paths and prefixes every other stored path', () => {
    expect(objectDisplayPath('/objects/uploads/a')).toBe('/objects/uploads/a');
    expect(objectDisplayPath('uploads/a')).toBe('/objects/uploads/a');
    expect(objectDisplayPath('/uploads/a')).toBe('/objects/uploads/a');
    expect(objectDisplayPath(null)).toBeNull();
    expect(objectDisplayPath('')).toBeNull();
  });
});
