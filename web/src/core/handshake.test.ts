import { describe, expect, it } from 'vitest';
import { appState } from './appState.ts';
import { ensureHandshake, resetHandshake, setKnock } from './handshake.ts';

describe('the cached handshake (spec §4: 25 minutes)', () => {
  const counting = () => {
    const state = { knocks: 0 };
    setKnock(async () => {
      state.knocks += 1;
      return { publicKey: `pk-${state.knocks}`, dokkiri: false };
    });
    resetHandshake();
    return state;
  };

  it('knocks once for concurrent callers', async () => {
    const state = counting();
    await Promise.all([ensureHandshake(), ensureHandshake(), ensureHandshake()]);
    expect(state.knocks).toBe(1);
    expect(appState.get().temporaryPublicKey).toBe('pk-1');
  });

  it.each([
    [1_499_999, 1],
    [1_500_000, 2],
  ])('%i ms later the handshake counts %i knocks', async (later, knocks) => {
    const state = counting();
    let now = 1_000;
    await ensureHandshake(() => now);
    now += later;
    await ensureHandshake(() => now);
    expect(state.knocks).toBe(knocks);
  });

  it('knocks again after a reset', async () => {
    const state = counting();
    await ensureHandshake();
    resetHandshake();
    expect(appState.get().temporaryPublicKey).toBe('');
    await ensureHandshake();
    expect(state.knocks).toBe(2);
  });
});
