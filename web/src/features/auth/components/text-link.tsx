import { Link, type LinkProps } from 'react-router';
import { cn } from '@/lib/cn';

export const textLinkClasses =
  'inline-flex min-h-11 items-center font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

export function TextLink({ className, ...rest }: LinkProps) {
  return <Link className={cn(textLinkClasses, className)} {...rest} />;
}
