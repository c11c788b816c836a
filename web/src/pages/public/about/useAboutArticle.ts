import { call } from '../../../core/request.ts';
import { useRead } from '../shared/useRead.ts';

/** Article 1 is the about page (the contract's aboutArticleId, repeated: calls/ carries zod). */
export const aboutArticleId = 1;

const readAbout = () => call('articleDetail', { params: { id: aboutArticleId }, silent: true });

/** The about page's markdown (offline: the snapshot's article 1). */
export const useAboutArticle = () => useRead(readAbout, 'about', 'about');
