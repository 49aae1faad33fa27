import { cva, type VariantProps } from 'class-variance-authority';
import type { ButtonHTMLAttributes, Ref } from 'react';

/**
 * The one button style of the app, public pages and portal alike. `buttonVariants()` also styles a
 * link that looks like a button (`<Link className={buttonVariants({ … })}>`).
 */
export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 rounded-md font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60',
  {
    variants: {
      variant: {
        primary: 'bg-brand-700 text-white hover:bg-brand-800',
        secondary: 'border border-brand-700 bg-white text-brand-800 hover:bg-brand-50',
        neutral: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
        danger: 'border border-red-200 bg-white text-red-700 hover:bg-red-50',
        ghost: 'text-brand-800 hover:bg-brand-50',
        quiet: 'text-slate-700 hover:bg-slate-100 hover:text-brand-800',
        quietDanger: 'text-red-700 hover:bg-red-50',
        onDark: 'bg-accent-300 text-brand-900 hover:bg-white',
      },
      size: {
        xs: 'px-2.5 py-1.5 text-xs whitespace-nowrap',
        sm: 'gap-1.5 px-3 py-1.5 text-sm',
        md: 'px-4 py-2.5 text-sm',
        /** The public pages' calls to action. */
        lg: 'px-5 py-2.5',
        /** A form's one action, or the one thing to do on a panel (Send Message, Show map). */
        xl: 'px-5 py-3',
        icon: 'p-2',
      },
      fullWidth: { true: 'w-full', false: '' },
    },
    defaultVariants: { variant: 'primary', size: 'md', fullWidth: false },
  },
);

export interface ButtonProps
  extends ButtonHTMLAttributes<HTMLButtonElement>, VariantProps<typeof buttonVariants> {
  /** Shows a spinner and the loading text, and keeps the button from being pressed twice. */
  isLoading?: boolean;
  loadingText?: string;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant,
  size,
  fullWidth,
  isLoading = false,
  loadingText,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      className={buttonVariants({ variant, size, fullWidth, className })}
      {...rest}
    >
      {isLoading ? (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
        />
      ) : null}
      {isLoading && loadingText ? loadingText : children}
    </button>
  );
}
