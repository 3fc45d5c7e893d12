import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';

interface SharedDeal {
  id: string;
  title: string;
  merchantName: string;
}

/** What a share says (decision 115): the deal and the business, never the code; the link opens the deal. */
export function dealShareData(deal: SharedDeal, origin = window.location.origin): ShareData & { url: string } {
  return {
    title: deal.title,
    text: `${deal.title} at ${deal.merchantName}, on Pay Local`,
    url: new URL(paths.deal(deal.id), origin).href,
  };
}

/**
 * Shares a deal's link (/deals/:id): the Web Share API where the device has it (the phone's share sheet),
 * else the link is copied to the clipboard and a toast says so. Closing the share sheet is not an error.
 */
export function ShareDealButton({ deal, className }: { deal: SharedDeal; className?: string }) {
  const share = async () => {
    const data = dealShareData(deal);
    if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        // Not allowed here (no user activation, a policy): copy instead.
      }
    }
    try {
      await navigator.clipboard.writeText(data.url);
      toast({ title: 'Link copied', description: `The link to "${deal.title}" is on your clipboard.` });
    } catch {
      toast({ title: 'Could not copy the link', description: data.url, variant: 'destructive' });
    }
  };
  return (
    <Button variant="ghost" size="sm" aria-label={`Share ${deal.title}`} className={className} onClick={() => void share()}>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.8">
        <path d="M10 3v10M6 7l4-4 4 4M4 11v5a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1v-5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      Share
    </Button>
  );
}
