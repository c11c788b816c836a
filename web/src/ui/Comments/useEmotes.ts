import type { Emote } from '@candy/contract/calls/emotes';
import { useEffect, useState } from 'react';
import { call } from '../../core/request.ts';
import { storage } from '../../core/storage.ts';

const empty: ReadonlyMap<string, Emote> = new Map();
let loaded: Promise<ReadonlyMap<string, Emote>> | null = null;

/** The emote set, asked for once per visit; by code. An unreachable list leaves codes as text. */
const loadEmotes = (): Promise<ReadonlyMap<string, Emote>> => {
  loaded ??= call('emoteList', { silent: true })
    .then((list) => new Map(list.map((emote) => [emote.code, emote])))
    .catch(() => {
      loaded = null;
      return empty;
    });
  return loaded;
};

export const useEmotes = (): ReadonlyMap<string, Emote> => {
  const [emotes, setEmotes] = useState(empty);
  useEffect(() => {
    let live = true;
    void loadEmotes().then((map) => {
      if (live) setEmotes(map);
    });
    return () => {
      live = false;
    };
  }, []);
  return emotes;
};

const historyLength = 16;

/** Most recently used codes first (the storage record's emoteHistory, spec §3). */
export const recordEmoteUse = (code: string, history: readonly string[]): string[] =>
  [code, ...history.filter((c) => c !== code)].slice(0, historyLength);

export const rememberEmote = (code: string): void =>
  storage.set({ emoteHistory: recordEmoteUse(code, storage.get().emoteHistory) });
