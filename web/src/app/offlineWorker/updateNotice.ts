import './updateNotice.css';
import { t } from '../../i18n/i18n.ts';

/**
 * The small notice of a new build (「有新版本」 with 刷新), in the corner until pressed or closed.
 * Plain DOM in a chunk of its own: it appears once in a long while, and the first load carries
 * none of it.
 */
export const showUpdateNotice = (onRefresh: () => void): void => {
  if (document.querySelector('.update-notice')) return;
  const notice = document.createElement('div');
  notice.className = 'update-notice';
  notice.setAttribute('role', 'status');
  notice.dataset.testid = 'update-notice';
  const text = document.createElement('span');
  text.textContent = t('update.available');
  const refresh = document.createElement('button');
  refresh.type = 'button';
  refresh.className = 'update-notice-refresh';
  refresh.textContent = t('update.refresh');
  refresh.addEventListener('click', () => {
    refresh.disabled = true;
    onRefresh();
  });
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'update-notice-close';
  close.textContent = '×';
  close.setAttribute('aria-label', t('update.later'));
  close.addEventListener('click', () => notice.remove());
  notice.append(text, refresh, close);
  document.body.append(notice);
};
