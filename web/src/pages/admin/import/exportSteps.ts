import type { ImportPlatformName } from '@candy/contract/calls/importers';
import { t } from '../../../i18n/i18n.ts';

/** Where each platform keeps its export, said beside the drop zone (the README says the same). */
export const exportSteps = (platform: ImportPlatformName): string => t(`admin.import.steps.${platform}`);
