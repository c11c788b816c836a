import type { Collection, Material, PublicMaterial } from '@candy/contract/calls/videos';
import type { PictureMap } from '@candy/contract/picture';
import { mediaUrl, presentCollection, presentMaterial, presentPublicMaterial } from './present.ts';
import type { CollectionRow, MaterialRow } from './repo.ts';
import type { VideoImages } from './worker.ts';

/** The one picture of `all` named `url`, as an answer's `pictures`. */
export const picked = (all: PictureMap, url: string | null): PictureMap => {
  const info = url === null ? undefined : all[url];
  return url !== null && info ? { [url]: info } : {};
};

/**
 * Clips as answers, each with its cover's copies from the image pipeline (issue 30) as `pictures`,
 * by the URL the answer names the cover with. Covers are served behind their clip's visibility
 * (`/video/media/…`), not under `/files/`, so the pipeline is asked by key.
 */
export const videoPresenters = (apiBase: string, images: VideoImages | undefined) => {
  const coverPictures = async (rows: Iterable<MaterialRow>): Promise<PictureMap> => {
    const keys = new Map<string, string>();
    for (const row of rows) {
      const url = mediaUrl(apiBase, row.id, row.cover_key);
      if (row.cover_key && url) keys.set(row.cover_key, url);
    }
    return images && keys.size > 0 ? images.picturesByKey(keys) : {};
  };
  const presentAll = async (rows: MaterialRow[]): Promise<Material[]> => {
    const pictures = await coverPictures(rows);
    return rows.map((row) => {
      const material = presentMaterial(row, apiBase);
      return { ...material, pictures: picked(pictures, material.cover) };
    });
  };
  return {
    presentAll,
    presentOne: async (row: MaterialRow): Promise<Material> => (await presentAll([row]))[0] as Material,
    /** Published clips as visitors see them (others are left out), each with its poster's copies. */
    async presentPublic(rows: MaterialRow[]): Promise<PublicMaterial[]> {
      const pictures = await coverPictures(rows);
      return rows.flatMap((row) => {
        const visible = presentPublicMaterial(row, apiBase);
        return visible ? [{ ...visible, pictures: picked(pictures, visible.poster) }] : [];
      });
    },
    /** Collections, given the clips they hold or take their cover from. */
    async presentCollectionsOf(
      rows: CollectionRow[],
      materials: Map<number, MaterialRow>,
    ): Promise<Collection[]> {
      const pictures = await coverPictures(materials.values());
      return rows.map((row) => {
        const collection = presentCollection(row, materials, apiBase);
        return { ...collection, pictures: picked(pictures, collection.cover) };
      });
    },
  };
};
