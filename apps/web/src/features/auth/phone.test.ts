import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/api-error';
import { formatPhone, phoneErrorView, phoneNumberToSend } from './phone';

describe('phone number entry (000 §5)', () => {
  it('strips spaces, parentheses and the first hyphen, with the US code by default', () => {
    expect(phoneNumberToSend('(202) 555 0143', '+1')).toBe('+12025550143');
    expect(phoneNumberToSend('202-5550143', '+1')).toBe('+12025550143');
    expect(phoneNumberToSend(' 20 7946 0958', '+44')).toBe('+442079460958');
    expect(phoneNumberToSend('+33 6 12 34 56 78', '+1')).toBe('+33612345678');
    expect(phoneNumberToSend('0033612345678', '+1')).toBe('+33612345678');
  });

  it('formats US numbers', () => {
    expect(formatPhone('+12025550143')).toBe('+1 (202) 555-0143');
    expect(formatPhone('+442079460958')).toBe('+442079460958');
  });
});

describe('phone verification errors (000 §8)', () => {
  const error = (errorType: string, message: string) => new ApiError({ statusCode: 400, errorType, message });
  it('uses the spec texts, with a support link for the registration errors', () => {
    expect(phoneErrorView(error('already_used_phone_number', 'x'))).toEqual({
      text: 'Error: This phone number has already been registered by another account...',
      support: true,
      verifyEmail: false,
    });
    expect(phoneErrorView(error('E1001', 'x')).text).toBe(
      'Error E1001: There was an issue registering your phone number...',
    );
    expect(phoneErrorView(error('twilio', 'x')).text).toBe(
      'Phone number is not valid. Please check your phone number and try again',
    );
    expect(phoneErrorView(error('invalid_code', 'Invalid verification code')).text).toBe(
      'Invalid verification code',
    );
  });
});
