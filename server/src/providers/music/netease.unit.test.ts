import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeMusicUpstream, startFakeMusicUpstream } from '../../../test/fakes/musicUpstream.ts';
import { createNeteaseProvider, ProviderError } from './netease.ts';

describe('NetEase-compatible provider', () => {
  let fake: FakeMusicUpstream;
  beforeAll(async () => {
    fake = await startFakeMusicUpstream([
      {
        id: 7,
        name: 'Song',
        artists: ['A', 'B'],
        picUrl: 'http://img.test/7.jpg',
        url: 'http://a.test/7.mp3',
      },
    ]);
  });
  afterAll(() => fake.close());

  it('reads song details from the NeteaseCloudMusicApi shape', async () => {
    const provider = createNeteaseProvider({ baseUrl: `${fake.baseUrl}/` });
    expect(await provider.songDetails(['7', '8'])).toEqual([
      { id: 7, name: 'Song', artists: ['A', 'B'], picUrl: 'http://img.test/7.jpg' },
    ]);
  });

  it('maps unknown songs to an empty play address', async () => {
    const provider = createNeteaseProvider({ baseUrl: fake.baseUrl });
    expect(await provider.songUrls(['7', '8'])).toEqual(
      new Map([
        [7, 'http://a.test/7.mp3'],
        [8, ''],
      ]),
    );
  });

  it('gives up on an upstream that does not answer within the timeout', async () => {
    fake.mode = 'hang';
    const provider = createNeteaseProvider({ baseUrl: fake.baseUrl, timeoutMs: 200 });
    try {
      await expect(provider.songDetails(['7'])).rejects.toBeInstanceOf(ProviderError);
    } finally {
      fake.mode = 'ok';
    }
  });
});
