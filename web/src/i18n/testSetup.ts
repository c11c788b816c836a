import { sourceLanguage } from '@candy/contract/languages';
import { needPart, switchTo } from './i18n.ts';

// Unit tests read the interface in the source language, as a page from the server starts
// (vitest.config.ts compiles the catalogues with web/catalogues.ts, as the build does); the back
// office's words too, which its components' tests read (the app loads them with the admin kit).
await needPart('admin');
await switchTo(sourceLanguage);
