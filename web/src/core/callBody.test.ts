import { describe, expect, it } from 'vitest';
import { encodeBody, queryString, stripEmpty } from './callBody.ts';

describe('stripping empty params and fields (spec §5)', () => {
  it('drops undefined, null and empty strings but keeps 0 and false', () => {
    expect(stripEmpty({ a: undefined, b: null, c: '', d: 0, e: false, f: 'x' })).toEqual({
      d: 0,
      e: false,
      f: 'x',
    });
  });

  it.each([
    [{ start: undefined, keyword: '' }, ''],
    [{ start: 10, keyword: '猫' }, `?start=10&keyword=${encodeURIComponent('猫')}`],
    [{ exclude: [1, 2, 3] }, '?exclude=1%2C2%2C3'],
    [{ exclude: [] }, ''],
    [{ hide: false }, '?hide=false'],
  ])('query %j → %s', (query, expected) => {
    expect(queryString(query)).toBe(expected);
  });

  it('sends JSON without empty fields', () => {
    const { body, contentType } = encodeBody(
      { content: 'x', reservation: undefined, hide: false, tag: '' },
      undefined,
    );
    expect(contentType).toBe('application/json');
    expect(JSON.parse(body as string)).toEqual({ content: 'x', hide: false });
  });

  it('sends URLSearchParams urlencoded without empty fields', () => {
    const { body, contentType } = encodeBody(new URLSearchParams({ a: '1', b: '' }), undefined);
    expect(contentType).toContain('application/x-www-form-urlencoded');
    expect(body).toBe('a=1');
  });

  it('sends a form as multipart without empty fields, leaving the content type to the browser', () => {
    const file = new Blob(['x'], { type: 'text/plain' });
    const { body, contentType } = encodeBody(undefined, { file, keyname: 'k', expiresIn: undefined });
    expect(contentType).toBeUndefined();
    expect(body).toBeInstanceOf(FormData);
    expect([...(body as FormData).keys()]).toEqual(['file', 'keyname']);
  });

  it('sends no body when there is none', () => {
    expect(encodeBody(undefined, undefined)).toEqual({ body: null });
  });
});
