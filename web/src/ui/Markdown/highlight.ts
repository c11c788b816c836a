import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import python from 'highlight.js/lib/languages/python';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';

// A handful of languages keeps this chunk small; code in any other language stays plain.
hljs.registerLanguage('bash', bash);
hljs.registerLanguage('css', css);
hljs.registerLanguage('javascript', javascript);
hljs.registerLanguage('json', json);
hljs.registerLanguage('python', python);
hljs.registerLanguage('sql', sql);
hljs.registerLanguage('typescript', typescript);
hljs.registerLanguage('xml', xml);

/** The language named by marked's `language-<name>` class, when we have it. */
const languageOf = (code: Element): string | null => {
  for (const name of code.classList) {
    if (!name.startsWith('language-')) continue;
    const language = name.slice('language-'.length);
    return hljs.getLanguage(language) ? language : null;
  }
  return null;
};

/**
 * Highlights every fenced code block below `root` that names a known language. highlight.js
 * escapes the code it wraps, so the markup it writes is safe.
 */
export const highlightCodeBlocks = (root: ParentNode): void => {
  for (const code of root.querySelectorAll('pre code')) {
    if (code.classList.contains('hljs') || !languageOf(code)) continue;
    hljs.highlightElement(code as HTMLElement);
  }
};
