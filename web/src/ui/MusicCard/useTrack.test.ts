import { describe, expect, it } from 'vitest';
import { RequestError } from '../../core/errors.ts';
import { toHttps, trackFailure } from './useTrack.ts';

describe('trackFailure', () => {
  it.each([
    ['a 4040', new RequestError(4040, 'whatever'), '没有找到对应的音乐: 42'],
    ['no error object (the audio element failed)', null, '没有找到对应的音乐: 42'],
    ['a provider failure keeps its message', new RequestError(5030, '音乐服务未配置'), '音乐服务未配置'],
  ])('%s', (_, error, message) => {
    expect(trackFailure('42', error)).toBe(message);
  });
});

describe('toHttps', () => {
  const origin = 'http://127.0.0.1:8080';
  it.each([
    ['http://m7.music.126.net/a.mp3', 'https://m7.music.126.net/a.mp3'],
    ['https://p1.music.126.net/c.jpg', 'https://p1.music.126.net/c.jpg'],
    ['http://127.0.0.1:8080/files/a.mp3', 'http://127.0.0.1:8080/files/a.mp3'],
    ['', ''],
    ['data:image/png;base64,AAAA', 'data:image/png;base64,AAAA'],
  ])('%s → %s', (url, expected) => {
    expect(toHttps(url, origin)).toBe(expected);
  });
});
