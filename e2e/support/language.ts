import type { Page } from 'playwright-core';

/**
 * The Han texts a reader sees outside content (`[data-content]`: essays, titles, names, a
 * review in its text box) and outside anything marked Chinese (`lang="zh-CN"`: 中文 in the language
 * switch): text, and the words of labels, titles and placeholders; up to ten, as short HTML. Not
 * `alt`: a picture's alternative is its title, content (a cover's anime, a gallery's picture). A
 * text or label that quotes content ("Edit {name}") passes when each of its Han runs is part of a
 * short content text on the page (a name, a title). Issue 44.
 */
export const hanOutsideContent = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const doc = document;
    const han = /\p{Script=Han}/u;
    const found: string[] = [];
    // Pages kept alive but hidden (the back office keeps visited pages) are not what a reader sees.
    const shown = (element: Element): boolean =>
      !element.closest('[data-content], script, style, noscript, template') &&
      !/^zh/i.test(element.closest('[lang]')?.getAttribute('lang') ?? '') &&
      element.checkVisibility({ visibilityProperty: true });
    // Names and titles of content (short [data-content] texts), which a label may quote.
    const names = [...doc.querySelectorAll('[data-content]')]
      .flatMap((element) => [element.textContent ?? '', element.getAttribute('title') ?? ''])
      .filter((text) => text.length <= 200);
    const namesContent = (value: string) =>
      (value.match(/\p{Script=Han}+/gu) ?? []).every((run) => names.some((name) => name.includes(run)));
    const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (han.test(text) && node.parentElement && shown(node.parentElement) && !namesContent(text))
        found.push(node.parentElement.outerHTML.slice(0, 200));
    }
    for (const element of doc.body.querySelectorAll('[aria-label], [title], [placeholder]'))
      for (const name of ['aria-label', 'title', 'placeholder']) {
        const value = element.getAttribute(name) ?? '';
        if (han.test(value) && shown(element) && !namesContent(value))
          found.push(`${name} of ${element.outerHTML.slice(0, 200)}`);
      }
    return found.slice(0, 10);
  });

/**
 * What does not fit (English strings run longer than Chinese): the page scrolling sideways, and
 * visible one-line controls — buttons, tabs, menu links, table headers, badges — whose words are
 * wider than their box (cut off, or spilling over a neighbour). Each as a short description.
 */
export const overflowing = (page: Page, scope = 'body'): Promise<string[]> =>
  page.evaluate((selector) => {
    const root = document.querySelector(selector) ?? document.body;
    const found: string[] = [];
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > window.innerWidth + 1)
      found.push(`the page is ${pageWidth}px wide in ${window.innerWidth}px`);
    const controls = root.querySelectorAll<HTMLElement>(
      'button, [role="tab"], .nav-link, .admin-menu a, th, .badge, label',
    );
    for (const element of controls) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(element);
      // A box that wraps its words grows taller instead; only one-line boxes can cut words off.
      const oneLine = style.whiteSpace === 'nowrap' || style.whiteSpace === 'pre';
      if (oneLine && element.scrollWidth > element.clientWidth + 1)
        found.push(
          `"${(element.textContent ?? '').trim().slice(0, 40)}" needs ${element.scrollWidth}px in ${element.clientWidth}px`,
        );
    }
    return found;
  }, scope);
