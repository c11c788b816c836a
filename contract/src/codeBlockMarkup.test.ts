import { describe, expect, it } from 'vitest';
import { focusableCodeBlocks } from './codeBlockMarkup.ts';

/** Issue 41.8: a code block that scrolls sideways is reached by keyboard, and named when it is. */
describe('focusable code blocks', () => {
  it.each([
    ['<pre><code>a</code></pre>', '<pre tabindex="0" role="group" aria-label="代码块"><code>a</code></pre>'],
    [
      '<pre class="x"><code class="language-ts">a</code></pre>',
      '<pre class="x" tabindex="0" role="group" aria-label="代码块"><code class="language-ts">a</code></pre>',
    ],
    // One that takes focus already is left as written; other tags starting with "pre" are not code.
    ['<pre tabindex="-1">a</pre>', '<pre tabindex="-1">a</pre>'],
    ['<p>pre</p><preview>a</preview>', '<p>pre</p><preview>a</preview>'],
  ])('%s', (html, expected) => {
    expect(focusableCodeBlocks(html, '代码块')).toBe(expected);
  });

  it('names them in the reader’s language, the label written as an attribute value', () => {
    expect(focusableCodeBlocks('<pre>a</pre>', 'Code "block" & <b>')).toBe(
      '<pre tabindex="0" role="group" aria-label="Code &quot;block&quot; &amp; &lt;b>">a</pre>',
    );
  });
});
