import type { Emote } from '@candy/contract/calls/emotes';
import { builtinEmotes } from './builtin.ts';

/** The emotes a comment code may name. The owner's own collection joins the built-ins later. */
export const createEmotesService = () => ({
  list: (): Emote[] => [...builtinEmotes],
});

export type EmotesService = ReturnType<typeof createEmotesService>;
