import { describe, expect, it } from 'vitest';
import { checkContact, isPhone } from './phone.ts';

describe('phone check (spec §5)', () => {
  it.each([
    ['13800138000', true],
    ['8613800138000', true],
    ['+8613800138000', true],
    ['23800138000', false],
    ['1380013800', false],
    ['0101234567', true],
    ['010-12345678', true],
    ['0101234567890', true],
    ['01012345678901', false],
    ['010123456', false],
  ])('%s → %s', (phone, ok) => {
    expect(isPhone(phone)).toBe(ok);
  });

  it.each([
    [{ name: '', phone: '13800138000' }, '请填写姓名'],
    [{ name: 'Ann', phone: '123' }, '请填写正确的电话'],
    [{ name: 'Ann', phone: '13800138000' }, null],
  ])('%j → %s', (contact, expected) => {
    expect(checkContact(contact)).toBe(expected);
  });
});
