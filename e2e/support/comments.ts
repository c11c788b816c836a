import type { Page } from 'playwright-core';

/**
 * Spaces a spec's comment posts past the server's one-comment-per-10-seconds limit: each call waits
 * until 10.5 s have passed since the one before — the first, since the waiter was made (the spec
 * file before may have posted from this machine just before).
 */
export const postSlots = () => {
  let lastPost = Date.now();
  return async (): Promise<void> => {
    const wait = lastPost + 10_500 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    lastPost = Date.now();
  };
};

/** The comment on the page whose text holds `text`. */
export const commentWith = (page: Page, text: string) =>
  page.getByTestId('comment').filter({ has: page.locator('.comment-text', { hasText: text }) });
