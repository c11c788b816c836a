/**
 * Fedify's answers, brought in line with what third-party validators check (issue 40.6) before
 * they are sent: NodeInfo 2.1 without the `$schema` member its official schema does not allow
 * (`additionalProperties: false`), and WebFinger's links narrowed to the `rel` parameters a client
 * named (RFC 7033 §4.3). Anything else goes out as Fedify made it.
 */
export const protocolBody = async (url: URL, response: Response): Promise<Buffer> => {
  const raw = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) return raw;
  if (url.pathname === '/nodeinfo/2.1') {
    const { $schema: _schema, ...document } = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    return Buffer.from(JSON.stringify(document));
  }
  const rels = url.pathname === '/.well-known/webfinger' ? url.searchParams.getAll('rel') : [];
  if (rels.length > 0) {
    const jrd = JSON.parse(raw.toString('utf8')) as { links?: { rel?: string }[] };
    jrd.links = (jrd.links ?? []).filter((link) => link.rel !== undefined && rels.includes(link.rel));
    return Buffer.from(JSON.stringify(jrd));
  }
  return raw;
};
