import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cn } from '@/lib/cn';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'destructive' | 'inverse' | 'outlineOnDark';
export type ButtonSize = 'sm' | 'md' | 'lg';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800 focus-visible:outline-brand-700',
  secondary: 'bg-brand-100 text-brand-900 hover:bg-brand-200 focus-visible:outline-brand-700',
  outline: 'border border-stone-300 bg-white text-stone-900 hover:bg-stone-50 focus-visible:outline-brand-700',
  ghost: 'text-stone-800 hover:bg-stone-900/5 focus-visible:outline-brand-700',
  destructive: 'bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700',
  inverse: 'bg-white text-brand-800 shadow-sm hover:bg-brand-50 focus-visible:outline-white',
  outlineOnDark: 'border border-white/70 text-white hover:bg-white/10 focus-visible:outline-white',
};

const SIZES: Record<ButtonSize, string> = {
  // 44 px high like the others (a tap target, issue 31); narrower padding only.
  sm: 'h-11 px-3 text-sm',
  md: 'h-11 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
};

/** Shared by <Button> and <ButtonLink> so a link that looks like a button is styled identically. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string) {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60',
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}

interface StyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, StyleProps {
  /** Shows a spinner and disables the button; the label is the caller's (e.g. "Signing in..."). */
  pending?: boolean;
}

export function Button({ variant, size, pending, className, disabled, children, type = 'button', ...rest }: ButtonProps) {
  return (
    <button type={type} className={buttonClasses(variant, size, className)} disabled={disabled || pending} {...rest}>
      {pending && <Spinner className="size-4" />}
      {children}
    </button>
  );
}

export function ButtonLink({ variant, size, className, ...rest }: LinkProps & StyleProps) {
  return <Link className={buttonClasses(variant, size, className)} {...rest} />;
}
