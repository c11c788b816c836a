import { htmlToMarkdown } from './htmlToMarkdown.ts';

/**
 * Ghost's editor documents (mobiledoc for Ghost 1–4, Lexical for Ghost 5), rendered to Markdown when
 * an export has no `html` for a post. Text blocks become HTML and go through turndown (one converter
 * for every platform); cards become the Markdown that says the same thing. Cards we cannot carry are
 * returned by name so the parser can warn about them.
 */
export interface RenderedDocument {
  markdown: string;
  unknownCards: string[];
}

type Json = unknown;
const isRecord = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const asArray = (value: Json): Json[] => (Array.isArray(value) ? value : []);
const asString = (value: Json): string => (typeof value === 'string' ? value : '');

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A card's payload as Markdown, or undefined when the card has nothing we can show. */
function renderCard(name: string, payload: Record<string, Json>): string | undefined {
  switch (name) {
    case 'image': {
      const src = asString(payload.src);
      return src ? `![${asString(payload.alt) || asString(payload.altText)}](${src})` : '';
    }
    case 'markdown':
    case 'card-markdown':
      return asString(payload.markdown);
    case 'html':
      return htmlToMarkdown(asString(payload.html));
    case 'code':
    case 'codeblock':
      return `\`\`\`${asString(payload.language)}\n${asString(payload.code)}\n\`\`\``;
    case 'hr':
    case 'horizontalrule':
      return '---';
    case 'embed':
      return asString(payload.url);
    case 'bookmark': {
      const url = asString(payload.url);
      const title = isRecord(payload.metadata) ? asString(payload.metadata.title) : '';
      return url ? `[${title || url}](${url})` : '';
    }
    case 'gallery':
      return asArray(payload.images)
        .filter(isRecord)
        .map((image) => `![${asString(image.alt)}](${asString(image.src)})`)
        .join('\n\n');
    default:
      return undefined;
  }
}

// --- mobiledoc ---

function mobiledocMarkers(markers: Json[], markups: Json[]): string {
  let html = '';
  const open: string[] = [];
  for (const marker of markers) {
    const [type, opens, closeCount, value] = asArray(marker);
    for (const index of asArray(opens)) {
      const [tag, attrs] = asArray(markups[Number(index)]);
      const tagName = asString(tag);
      const pairs = asArray(attrs);
      let attrText = '';
      for (let i = 0; i + 1 < pairs.length; i += 2) {
        attrText += ` ${asString(pairs[i])}="${escapeHtml(asString(pairs[i + 1]))}"`;
      }
      html += `<${tagName}${attrText}>`;
      open.push(tagName);
    }
    // Atoms (type 1) are small inline widgets: their text is all we keep.
    html += type === 0 ? escapeHtml(asString(value)) : '';
    for (let i = 0; i < Number(closeCount); i += 1) html += `</${open.pop() ?? 'span'}>`;
  }
  return html;
}

export function renderMobiledoc(source: string): RenderedDocument {
  const doc: Json = JSON.parse(source);
  if (!isRecord(doc)) return { markdown: '', unknownCards: [] };
  const markups = asArray(doc.markups);
  const cards = asArray(doc.cards);
  const blocks: string[] = [];
  const unknownCards: string[] = [];
  for (const section of asArray(doc.sections)) {
    const [type, a, b] = asArray(section);
    if (type === 1) {
      const tag = asString(a).toLowerCase();
      blocks.push(htmlToMarkdown(`<${tag}>${mobiledocMarkers(asArray(b), markups)}</${tag}>`));
    } else if (type === 3) {
      const items = asArray(b).map((item) => `<li>${mobiledocMarkers(asArray(item), markups)}</li>`);
      blocks.push(htmlToMarkdown(`<${asString(a)}>${items.join('')}</${asString(a)}>`));
    } else if (type === 2) {
      blocks.push(`![](${asString(a)})`);
    } else if (type === 10) {
      const [name, payload] = asArray(cards[Number(a)]);
      const rendered = renderCard(asString(name), isRecord(payload) ? payload : {});
      if (rendered === undefined) unknownCards.push(asString(name));
      else blocks.push(rendered);
    }
  }
  return { markdown: blocks.filter((block) => block !== '').join('\n\n'), unknownCards };
}

// --- Lexical ---

const BOLD = 1;
const ITALIC = 2;
const CODE = 16;

function lexicalInline(nodes: Json[]): string {
  let html = '';
  for (const node of nodes.filter(isRecord)) {
    if (node.type === 'linebreak') html += '<br>';
    else if (node.type === 'link' || node.type === 'autolink') {
      html += `<a href="${escapeHtml(asString(node.url))}">${lexicalInline(asArray(node.children))}</a>`;
    } else if (node.type === 'text' || node.type === 'extended-text') {
      const format = typeof node.format === 'number' ? node.format : 0;
      let text = escapeHtml(asString(node.text));
      if (format & CODE) text = `<code>${text}</code>`;
      if (format & ITALIC) text = `<em>${text}</em>`;
      if (format & BOLD) text = `<strong>${text}</strong>`;
      html += text;
    } else html += lexicalInline(asArray(node.children));
  }
  return html;
}

function lexicalList(node: Record<string, Json>): string {
  const tag = node.listType === 'number' ? 'ol' : 'ul';
  const items = asArray(node.children)
    .filter(isRecord)
    .map((item) => `<li>${lexicalInline(asArray(item.children))}</li>`);
  return `<${tag}>${items.join('')}</${tag}>`;
}

export function renderLexical(source: string): RenderedDocument {
  const doc: Json = JSON.parse(source);
  const root = isRecord(doc) && isRecord(doc.root) ? doc.root : {};
  const blocks: string[] = [];
  const unknownCards: string[] = [];
  for (const node of asArray(root.children).filter(isRecord)) {
    const type = asString(node.type);
    if (type === 'paragraph' || type === 'extended-paragraph') {
      blocks.push(htmlToMarkdown(`<p>${lexicalInline(asArray(node.children))}</p>`));
    } else if (type === 'heading' || type === 'extended-heading') {
      const tag = asString(node.tag) || 'h2';
      blocks.push(htmlToMarkdown(`<${tag}>${lexicalInline(asArray(node.children))}</${tag}>`));
    } else if (type === 'quote' || type === 'aside') {
      blocks.push(htmlToMarkdown(`<blockquote>${lexicalInline(asArray(node.children))}</blockquote>`));
    } else if (type === 'list') {
      blocks.push(htmlToMarkdown(lexicalList(node)));
    } else {
      const rendered = renderCard(type, node);
      if (rendered === undefined) unknownCards.push(type);
      else blocks.push(rendered);
    }
  }
  return { markdown: blocks.filter((block) => block !== '').join('\n\n'), unknownCards };
}
