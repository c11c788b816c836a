import type { FormEvent } from 'react';

/**
 * Props that make the browser's own validation bubble (a `required` field left empty) speak
 * Chinese like the rest of the site: its default text follows the browser's language instead.
 * The message is cleared on the next input, so the field is judged afresh.
 */
export const chineseValidity = (message: string) => ({
  onInvalid: (event: FormEvent<HTMLInputElement>) => event.currentTarget.setCustomValidity(message),
  onInput: (event: FormEvent<HTMLInputElement>) => event.currentTarget.setCustomValidity(''),
});
