/** The page build version, stamped at build time (`YYYYMMDD-N`). */
declare const __PAGE_BUILD__: string;
