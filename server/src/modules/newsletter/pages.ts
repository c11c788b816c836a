/** The small pages a mail's links open (confirm, unsubscribe): no web app needed, no script. */

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (siteTitle: string, heading: string, body: string) => `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(heading)} - ${escapeHtml(siteTitle)}</title>
<style>body{font:16px/1.6 system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222;background:#fff}
button{font:inherit;padding:.5rem 1.25rem;border-radius:6px;border:1px solid #1d4ed8;background:#1d4ed8;color:#fff;cursor:pointer}
a{color:#1d4ed8}@media (prefers-color-scheme:dark){body{color:#eee;background:#111}a{color:#93c5fd}}</style></head>
<body><main><h1>${escapeHtml(heading)}</h1>
${body}
<p><a href="/">回到${escapeHtml(siteTitle)}</a></p>
</main></body></html>`;

const button = (label: string, field: string) =>
  `<form method="post"><input type="hidden" name="${field}" value="One-Click"><button type="submit">${label}</button></form>`;

export const confirmPage = (siteTitle: string, state: { email: string; done: boolean } | null): string =>
  state === null
    ? page(siteTitle, '确认订阅', '<p>这个确认链接无效或已过期（48 小时内有效）。请回到网站重新订阅。</p>')
    : state.done
      ? page(
          siteTitle,
          '订阅成功',
          `<p>已确认：<strong>${escapeHtml(state.email)}</strong> 会收到「${escapeHtml(siteTitle)}」的新随笔。每封邮件里都有退订链接。</p>`,
        )
      : page(
          siteTitle,
          '确认订阅',
          `<p>用 <strong>${escapeHtml(state.email)}</strong> 订阅「${escapeHtml(siteTitle)}」的新随笔？</p>${button('确认订阅', 'confirm')}`,
        );

export const unsubscribePage = (siteTitle: string, email: string, done: boolean): string =>
  done
    ? page(siteTitle, '已退订', `<p><strong>${escapeHtml(email)}</strong> 不会再收到新随笔的邮件。</p>`)
    : page(
        siteTitle,
        '退订新随笔邮件',
        `<p>不再给 <strong>${escapeHtml(email)}</strong> 发送新随笔的邮件？</p>${button('确认退订', 'List-Unsubscribe')}`,
      );
