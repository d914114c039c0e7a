import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError } from '../../src/http/errors.js';
import { assertValidPhone, phoneDigits } from '../../src/users/phone.js';

describe('the phone number spelling (libphonenumber-js, as Logto stores numbers)', () => {
  it('writes every spelling of a number as its E.164 digits without the +', () => {
    for (const spelling of ['+1 (650) 253-0000', '1-650-253-0000', '1.650.253.0000', '16502530000']) {
      assert.equal(phoneDigits(spelling), '16502530000', spelling);
    }
  });

  it('drops the trunk prefix 0 written after the country code', () => {
    assert.equal(phoneDigits('610412345678'), '61412345678');
    assert.equal(phoneDigits('+61 0412 345 678'), '61412345678');
    assert.equal(phoneDigits('61412345678'), '61412345678');
  });

  it('keeps the digits of what it cannot parse, so lookups still match stored values', () => {
    assert.equal(phoneDigits('99999'), '99999');
    assert.equal(phoneDigits('+1 555 010 9999'), '15550109999');
  });

  it('holds valid only numbers libphonenumber-js holds valid', () => {
    for (const valid of ['16502530000', '61412345678', '610412345678', '447911123456', undefined, null, '']) {
      assert.doesNotThrow(() => assertValidPhone(valid), String(valid));
    }
    for (const invalid of ['99999', '15550109999', '4477009900', '123456']) {
      assert.throws(
        () => assertValidPhone(invalid),
        (error: unknown) =>
          error instanceof ApiError && error.status === 422 && error.code === 'user.invalid_phone',
        invalid,
      );
    }
  });
});
