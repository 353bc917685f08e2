// A small bell drawn in the text colour (emoji bells ignore the theme).
export function BellIcon({ filled = false, size = 11 }: { filled?: boolean; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 16 16"
      aria-hidden="true"
      className="inline-block align-[-1px]"
    >
      <path
        d="M8 1.5a4.5 4.5 0 0 0-4.5 4.5v2.6L2 11.2v.8h12v-.8l-1.5-2.6V6A4.5 4.5 0 0 0 8 1.5ZM6.3 13a1.8 1.8 0 0 0 3.4 0Z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.3"
        strokeLinejoin="round"
      />
    </svg>
  );
}
