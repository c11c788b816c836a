import { describe, expect, it } from 'vitest';
import { pushFailureText } from './pushFailure.ts';

/** Issue 41.10: a private window's bell said "Registration failed - permission denied". */
describe('pushFailureText', () => {
  it('says in Chinese that a private window cannot receive push', () => {
    const text = pushFailureText(
      new DOMException('Registration failed - permission denied', 'NotAllowedError'),
      'granted',
    );
    expect(text).toContain('无痕');
    expect(text).not.toMatch(/[A-Za-z]/);
  });

  it('points at the site settings when notifications were refused', () => {
    expect(pushFailureText(new DOMException('denied', 'NotAllowedError'), 'denied')).toContain('网站设置');
  });

  it('says the browser does not support push', () => {
    expect(pushFailureText(new DOMException('no push', 'NotSupportedError'), 'default')).toContain('不支持');
  });
});
