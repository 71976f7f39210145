/** A wallet glyph for the wallet buttons. */
export function WalletIcon({ size = 22 }: { size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} fill="none" aria-hidden="true">
      <path
        d="M4 7.5A2.5 2.5 0 016.5 5H17a1 1 0 011 1v2"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
      <rect x="3.5" y="7.5" width="17" height="12" rx="2.5" stroke="currentColor" strokeWidth="1.8" />
      <path d="M16 13.5h4.5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      <circle cx="16.2" cy="13.5" r="1.2" fill="currentColor" />
    </svg>
  );
}
