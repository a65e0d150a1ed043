import { describe, expect, it } from 'vitest';
import { maskPersonalData } from './mask';

describe('maskPersonalData', () => {
  it('masks email addresses, card numbers and phone numbers', () => {
    const masked = maskPersonalData(
      'I am ada.lovelace+shop@example.co.uk, card 4242 4242 4242 4242 (or 5555-5555-5555-4444), call +49 30 1234567 or 030 12345678',
    );
    expect(masked).toBe('I am [email], card [card] (or [card]), call [phone] or [phone]');
  });

  it('keeps dates, order numbers, prices and digit runs that fail the Luhn check', () => {
    const text = 'Order 12345 on 2026-11-27 cost 19.99; ref 1234 5678 9012 3456';
    expect(maskPersonalData(text)).toBe(text);
  });
});
