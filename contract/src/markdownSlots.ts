/**
 * The attributes of the slots the shared Markdown configuration (markdownHtml.ts) leaves in its
 * HTML for the browser to fill. Apart from it because the page's widget needs only these names:
 * importing them from markdownHtml.ts brought marked (≈ 15 KB gzip) into the first load of /chaos.
 */

/** `[music:<id>]` on a line of its own becomes an element with this attribute, filled with a MusicCard. */
export const musicSlotAttribute = 'data-music-id';

/** `[video:<id>]` / `[collection:<id>]` on a line of their own become elements with these, filled with a player. */
export const videoSlotAttribute = 'data-video-id';
export const videoKindAttribute = 'data-video-kind';
