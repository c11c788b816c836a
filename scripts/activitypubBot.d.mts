/** Types of activitypubBot.mjs for the TypeScript projects (which do not read JavaScript). */
export declare const activitypubBotFiles: string;
export declare const installActivityPubBot: () => Promise<string>;
