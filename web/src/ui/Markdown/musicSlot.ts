/** `[music:<id>]` on a line of its own becomes an element with this attribute, filled with a MusicCard. */
export const musicSlotAttribute = 'data-music-id';
