/** A verified check after a name. */
export function VerifiedBadge({ size = 16 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      role="img"
      aria-label="Verified"
      style={{ flex: 'none' }}
    >
      <path
        fill="#4f46e5"
        d="M12 1.5l2.6 2 3.3-.3 1 3.1 2.9 1.7-.8 3.2 1.4 3-2.6 2-.4 3.3-3.3.4-2 2.6-3-1.4-3.2.8-1.7-2.9-3.1-1-.3-3.3-2-2.6 1.4-3-.8-3.2 2.9-1.7 1-3.1 3.3.3z"
      />
      <path
        d="M7.5 12.2l3 3 6-6"
        fill="none"
        stroke="#fff"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
