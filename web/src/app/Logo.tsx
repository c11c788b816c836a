/** The candy-jar mark, drawn inline so the first paint needs no extra request. */
export const Logo = ({ size = 32 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
    <rect x="7" y="4" width="18" height="5" rx="2" fill="var(--accent)" />
    <path
      d="M6 11h20v13a5 5 0 0 1-5 5H11a5 5 0 0 1-5-5z"
      fill="var(--card)"
      stroke="var(--accent)"
      strokeWidth="2"
    />
    <circle cx="12" cy="19" r="3" fill="#ff8fb1" />
    <circle cx="19" cy="16" r="2.5" fill="#ffd166" />
    <circle cx="19" cy="23" r="2.5" fill="#7bdff2" />
  </svg>
);
