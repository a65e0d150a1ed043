// Personal data is masked before a transcript is stored (issue 43): the owner sees what was asked,
// not the visitor's email address, phone number or card number.

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
// 13–19 digits, optionally grouped by single spaces or dashes (4242 4242 4242 4242, 4242-4242-…).
const CARD = /\b\d(?:[ -]?\d){12,18}\b/g;
// A run of digits with the separators phone numbers use, optionally after a `+`.
const PHONE = /(?:\+\s?)?\(?\d[\d ()./-]{5,}\d\b/g;

/** What replaces each kind of personal data. */
export const MASKS = { email: '[email]', card: '[card]', phone: '[phone]' } as const;

/**
 * Masks email addresses, card numbers (digit runs of 13–19 that pass the Luhn check) and phone
 * numbers (9–15 digits, or 7–15 after a `+`) in `text`. Dates and short numbers stay.
 * @example maskPersonalData('mail me at ada@example.com') // 'mail me at [email]'
 */
export function maskPersonalData(text: string): string {
  return text
    .replace(EMAIL, MASKS.email)
    .replace(CARD, (match) => (luhn(digitsOf(match)) ? MASKS.card : match))
    .replace(PHONE, (match) => {
      const digits = digitsOf(match).length;
      const international = match.trimStart().startsWith('+');
      return digits <= 15 && digits >= (international ? 7 : 9) ? MASKS.phone : match;
    });
}

function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
