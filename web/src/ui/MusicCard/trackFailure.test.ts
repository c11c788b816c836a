import { describe, expect, it } from 'vitest';
import { RequestError } from '../../core/errors.ts';
import { trackFailure } from './useTrack.ts';

describe('trackFailure', () => {
  it.each([
    ['a 4040', new RequestError(4040, 'whatever'), '没有找到对应的音乐: 42'],
    ['no error object (the audio element failed)', null, '没有找到对应的音乐: 42'],
    ['a provider failure keeps its message', new RequestError(5030, '音乐服务未配置'), '音乐服务未配置'],
  ])('%s', (_, error, message) => {
    expect(trackFailure('42', error)).toBe(message);
  });
});
