import { PhonePatterns } from '@candy/contract/constants';
import { spec } from '../i18n/i18n.ts';

/** Spec §5: an 11-digit mobile number starting with 1 (optionally 86 / +86 first), or a landline. */
export const isPhone = (phone: string): boolean => {
  const text = phone.trim();
  return PhonePatterns.mobile.test(text) || PhonePatterns.landline.test(text);
};

/** The contact check with the library's default texts; null when both are fine. */
export const checkContact = (
  contact: { name: string; phone: string },
  texts: { name?: string; phone?: string } = {},
): string | null => {
  if (!contact.name.trim()) return texts.name ?? spec('phoneNameRequired');
  if (!isPhone(contact.phone)) return texts.phone ?? spec('phoneInvalid');
  return null;
};
