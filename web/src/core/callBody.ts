/** Query values and body fields (spec §5: empty or undefined params and fields are stripped). */
export type Plain = string | number | boolean | null | undefined;
export type QueryInput = Record<string, Plain | Plain[]>;

const isEmpty = (value: unknown): boolean => value === undefined || value === null || value === '';

/** Drops undefined, null and empty-string fields at the top level of a params or body object. */
export const stripEmpty = <T extends object>(input: T): Partial<T> =>
  Object.fromEntries(Object.entries(input).filter(([, value]) => !isEmpty(value))) as Partial<T>;

/** A query string without empty values; arrays are comma-joined (the spec's `exclude` ids). */
export const queryString = (query: QueryInput | undefined): string => {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const joined = Array.isArray(value) ? value.filter((v) => !isEmpty(v)).join(',') : value;
    if (!isEmpty(joined)) search.set(key, String(joined));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};

export interface EncodedBody {
  body: BodyInit | null;
  /** Left unset for FormData so the browser adds the multipart boundary. */
  contentType?: string;
}

export type FormInput = FormData | Record<string, Plain | Blob>;

const toFormData = (form: FormInput): FormData => {
  if (form instanceof FormData) return form;
  const data = new FormData();
  for (const [key, value] of Object.entries(form)) {
    if (isEmpty(value)) continue;
    data.append(key, value instanceof Blob ? value : String(value));
  }
  return data;
};

/** JSON for objects, urlencoded for URLSearchParams, multipart for `form`. */
export const encodeBody = (body: unknown, form: FormInput | undefined): EncodedBody => {
  if (form) return { body: toFormData(form) };
  if (body === undefined) return { body: null };
  if (body instanceof URLSearchParams) {
    const stripped = new URLSearchParams([...body].filter(([, v]) => v !== ''));
    return { body: stripped.toString(), contentType: 'application/x-www-form-urlencoded;charset=UTF-8' };
  }
  const json = body !== null && typeof body === 'object' && !Array.isArray(body) ? stripEmpty(body) : body;
  return { body: JSON.stringify(json), contentType: 'application/json' };
};
