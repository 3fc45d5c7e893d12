import { apiRequest } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';

/** The file name the server gives in Content-Disposition, else a plain one. */
const fileNameOf = (res: Response) =>
  /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'pay-local-data.json';

/**
 * GET /api/member/export: the member's own data as a JSON file (decision 197). Fetched, then saved through a
 * temporary link, so a refusal (offline, too many downloads) shows on the profile instead of as a saved error page.
 */
async function downloadMemberData(): Promise<string> {
  const res = await apiRequest('GET', '/api/member/export');
  const name = fileNameOf(res);
  const url = URL.createObjectURL(await res.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file to the browser's download.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return name;
}

export const useDownloadMemberData = () => useApiMutation({ call: downloadMemberData });
