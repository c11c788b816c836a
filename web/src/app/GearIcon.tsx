/**
 * The settings button's gear, drawn rather than typed: "⚙" (U+2699) is in no CJK font, so on Linux
 * the browser searched the whole fallback list for it during a page's first layout (issue 30).
 */
export const GearIcon = () => (
  <svg className="gear-icon" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
    <path
      fill="currentColor"
      fillRule="evenodd"
      d="M19.07 9.22L21.87 10.39L21.87 13.61L19.07 14.78L18.97 15.03L20.12 17.84L17.84 20.12L15.03 18.97L14.78 19.07L13.61 21.87L10.39 21.87L9.22 19.07L8.97 18.97L6.16 20.12L3.88 17.84L5.03 15.03L4.93 14.78L2.13 13.61L2.13 10.39L4.93 9.22L5.03 8.97L3.88 6.16L6.16 3.88L8.97 5.03L9.22 4.93L10.39 2.13L13.61 2.13L14.78 4.93L15.03 5.03L17.84 3.88L20.12 6.16L18.97 8.97Z M12 8.6a3.4 3.4 0 1 0 0 6.8a3.4 3.4 0 1 0 0-6.8Z"
    />
  </svg>
);
