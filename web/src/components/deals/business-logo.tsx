import { cn } from '@/lib/cn';

interface BusinessLogoProps {
  name: string;
  logoUrl: string | null;
  /** The image's text; the default says nothing, the business's name being written beside it. */
  alt?: string;
  /** Size, corners and shrinking of the box, the same for the image and the initial. */
  box: string;
  /** The initial's text size. */
  initialSize?: string;
  /** More classes for the image alone (a border). */
  imageClassName?: string;
}

/** A business's logo, or where it has none its initial on the brand's tint (hidden from screen readers). */
export function BusinessLogo({ name, logoUrl, alt = '', box, initialSize, imageClassName }: BusinessLogoProps) {
  return logoUrl ? (
    <img src={logoUrl} alt={alt} className={cn(box, imageClassName, 'object-cover')} />
  ) : (
    <div aria-hidden="true" className={cn('flex items-center justify-center bg-brand-100 font-bold text-brand-800', box, initialSize)}>
      {name.slice(0, 1).toUpperCase()}
    </div>
  );
}
