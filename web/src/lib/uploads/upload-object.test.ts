import { afterEach, describe, expect, it, vi } from 'vitest';
import { UploadError, uploadImage } from './upload-object';

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])], 'logo.png', { type: 'image/png' });
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

function stubFetch(putAnswers: Response[]) {
  let signed = 0;
  const calls: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    if (url === '/api/objects/upload') return json(200, { uploadURL: `/api/objects/upload/uploads/u/${++signed}?expires=1&signature=x` });
    return putAnswers.shift()!;
  }));
  return calls;
}

describe('uploadImage', () => {
  it('asks for a signed address and PUTs the file there', async () => {
    const calls = stubFetch([json(200, { objectPath: '/objects/uploads/u/1' })]);
    expect(await uploadImage(png())).toEqual({ uploadURL: '/api/objects/upload/uploads/u/1?expires=1&signature=x', objectPath: '/objects/uploads/u/1' });
    expect(calls).toEqual(['POST /api/objects/upload', 'PUT /api/objects/upload/uploads/u/1?expires=1&signature=x']);
  });

  it('retries once with a new address when the first has expired', async () => {
    const calls = stubFetch([json(403, { message: 'Request has expired' }), json(200, { objectPath: '/objects/uploads/u/2' })]);
    expect((await uploadImage(png())).objectPath).toBe('/objects/uploads/u/2');
    expect(calls.filter((c) => c.startsWith('POST'))).toHaveLength(2);
  });

  it("turns 4xx answers into user-facing errors with the server's message", async () => {
    stubFetch([json(415, { message: 'Please select a valid image file.' })]);
    await expect(uploadImage(png())).rejects.toEqual(new UploadError('Please select a valid image file.'));
  });

  it('checks the file before any call', async () => {
    const calls = stubFetch([]);
    await expect(uploadImage(new File(['text'], 'x.png', { type: 'image/png' }))).rejects.toBeInstanceOf(UploadError);
    expect(calls).toEqual([]);
  });
});
