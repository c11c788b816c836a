import { useT } from '../../../i18n/useT.ts';

/** Every tool says it: the work happens in this browser tab. */
export const PrivacyNote = () => (
  <p className="tool-privacy" data-testid="privacy-note">
    {useT()('utils.privacy')}
  </p>
);
