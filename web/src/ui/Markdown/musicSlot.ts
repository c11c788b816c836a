/** `[music:<id>]` on a line of its own becomes an element with this attribute, filled with a MusicCard. */
export const musicSlotAttribute = 'data-music-id';

/** `[video:<id>]` / `[collection:<id>]` on a line of their own become elements with these, filled with a player. */
export const videoSlotAttribute = 'data-video-id';
export const videoKindAttribute = 'data-video-kind';
