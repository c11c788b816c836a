/**
 * The back office's extra component set (spec §2: "some pages are flagged to load an extra
 * component set before showing"): the frame with its side menu, the server-state cache, tables,
 * forms, pickers, uploads with progress. Split off so that visitors never download it.
 */
import * as z from 'zod';
import { currentLanguage, onLanguageChange } from '../../i18n/i18n.ts';
import './adminKit.css';

// Validation messages in the forms come in the back office's language (issue 44), and follow a switch.
const zodLocale = () => z.config(currentLanguage() === 'en' ? z.locales.en() : z.locales.zhCN());
zodLocale();
onLanguageChange(zodLocale);

export { AdminFrame } from './AdminFrame.tsx';
export { AdminPage } from './AdminPage.tsx';
export { adminMenu } from './adminMenu.ts';
export { type Column, DataTable } from './DataTable.tsx';
export { DateTimeInput, fromLocalInput, toLocalInput } from './DateTimeInput.tsx';
export { deletedToast, destroyQuestion, shortTitle, UNDO_MS } from './destroy.ts';
export { Field } from './Field.tsx';
export { formatBytes, formatDateTime, relativeTime } from './format.ts';
export { Pager } from './Pager.tsx';
export { queryClient } from './queryClient.ts';
export { RichMessage } from './RichMessage.tsx';
export { Badge, type BadgeTone, EmptyState, ErrorState, LoadingState, ProgressBar } from './states.tsx';
export { type TabItem, Tabs } from './Tabs.tsx';
export { DropZone, type UploadCallOptions, type UploadItem, UploadList, useUploads } from './uploads.tsx';
export { useFold } from './useFold.tsx';
export { type FormErrors, useZodForm } from './useZodForm.ts';
