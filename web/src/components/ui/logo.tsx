import { cn } from '@/lib/cn';
import { APP_NAME } from '@/config/brand';

/** The app mark (same drawing as favicon.svg) with the name beside it. */
interface LogoProps {
  className?: string;
  showName?: boolean;
  /** Hide the name on phones (crowded signed-in headers); it stays readable to screen readers. */
  compactOnMobile?: boolean;
}

export function Logo({ className, showName = true, compactOnMobile = false }: LogoProps) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-bold tracking-tight text-brand-800', className)}>
      <svg aria-hidden="true" viewBox="0 0 512 512" className="size-8 shrink-0">
        <rect width="512" height="512" rx="112" className="fill-brand-700" />
        <path d="M256 92c-72 0-128 55-128 125 0 92 128 203 128 203s128-111 128-203c0-70-56-125-128-125z" fill="#fffdf5" />
        <circle cx="208" cy="180" r="22" className="fill-brand-700" />
        <circle cx="304" cy="264" r="22" className="fill-brand-700" />
        <path d="M300 168 212 276" strokeWidth="24" strokeLinecap="round" className="stroke-brand-700" />
      </svg>
      {showName && <span className={cn('text-lg', compactOnMobile && 'sr-only sm:not-sr-only')}>{APP_NAME}</span>}
    </span>
  );
}
