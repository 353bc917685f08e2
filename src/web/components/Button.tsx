import type { ButtonHTMLAttributes } from 'react';

type Variant = 'default' | 'primary' | 'up' | 'down' | 'danger' | 'ghost';
const VARIANTS: Record<Variant, string> = {
  default: 'border border-line bg-panel2 text-fg hover:border-dim',
  primary: 'bg-accent text-white hover:brightness-110',
  up: 'bg-up text-white hover:brightness-110',
  down: 'bg-down text-white hover:brightness-110',
  danger: 'border border-danger/60 text-danger hover:bg-danger/10',
  ghost: 'text-dim hover:bg-panel2 hover:text-fg',
};

export function Button({
  variant = 'default',
  size = 'sm',
  className,
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; size?: 'xs' | 'sm' | 'md' }) {
  const sz =
    size === 'xs' ? 'h-6 px-2 text-[11px]' : size === 'md' ? 'h-10 px-4 text-[13px]' : 'h-7 px-3 text-[12px]';
  return (
    <button
      type={type}
      className={`inline-flex items-center justify-center gap-1 rounded font-medium transition disabled:cursor-not-allowed disabled:opacity-40 ${sz} ${VARIANTS[variant]} ${className ?? ''}`}
      {...rest}
    />
  );
}
