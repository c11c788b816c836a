import { type DefaultTreeAdapterMap, parse } from 'parse5';

type Element = DefaultTreeAdapterMap['element'];
type ParentNode = DefaultTreeAdapterMap['parentNode'];

/** Every element of an HTML document in document order (template contents are not the document). */
const elementsOf = (html: string): Element[] => {
  const found: Element[] = [];
  const walk = (node: ParentNode) => {
    for (const child of node.childNodes) {
      if (!('tagName' in child)) continue;
      found.push(child);
      walk(child);
    }
  };
  walk(parse(html));
  return found;
};

const attributeOf = (element: Element, name: string): string | undefined =>
  element.attrs.find((attribute) => attribute.name === name)?.value;

/**
 * The first `<link>` or `<a>` with `rel` holding `rel` and an href, resolved against `pageUrl`
 * (an empty href is the page itself), or null. Comments, escaped text and `<template>` are not
 * elements, so an address inside them never counts.
 */
export const firstRelLink = (html: string, rel: string, pageUrl: string): string | null => {
  for (const element of elementsOf(html)) {
    if (element.tagName !== 'link' && element.tagName !== 'a') continue;
    const rels = (attributeOf(element, 'rel') ?? '').toLowerCase().split(/\s+/);
    const href = attributeOf(element, 'href');
    if (!rels.includes(rel) || href === undefined) continue;
    const url = URL.parse(href.trim(), pageUrl);
    if (url) return url.toString();
  }
  return null;
};

/** Attributes that make a document link to an address (W3C Webmention §3.2.2: a link, an embed). */
const LINKING = ['href', 'src', 'data', 'poster', 'cite'];

/** Whether the document links to `target` (compared as resolved URLs, fragment aside). */
export const linksTo = (html: string, target: string, pageUrl: string): boolean => {
  const wanted = URL.parse(target);
  if (!wanted) return false;
  wanted.hash = '';
  for (const element of elementsOf(html)) {
    for (const name of LINKING) {
      const value = attributeOf(element, name);
      if (value === undefined) continue;
      const url = URL.parse(value.trim(), pageUrl);
      if (!url) continue;
      url.hash = '';
      if (url.href === wanted.href) return true;
    }
  }
  return false;
};
