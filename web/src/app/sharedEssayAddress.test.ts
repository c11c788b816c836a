import { describe, expect, it } from 'vitest';
import { appAddressOf } from './sharedEssayAddress.ts';

describe('shared essay addresses', () => {
  it("turns /chaos?id=N into the essay's page /chaos/N", () => {
    expect(appAddressOf('/chaos', '?id=12', '')).toBe('/chaos/12');
  });

  it('leaves every other address alone', () => {
    expect(appAddressOf('/chaos', '?id=12', '#3')).toBeNull();
    expect(appAddressOf('/chaos', '?id=abc', '')).toBeNull();
    expect(appAddressOf('/chaos', '', '')).toBeNull();
    expect(appAddressOf('/moments', '?id=12', '')).toBeNull();
  });
});
