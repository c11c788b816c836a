import type { UploadedImage } from '@candy/contract/calls/media';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../../core/request.ts';
import { useUploads } from '../../../ui/adminKit/index.ts';
import { imagePipelineChanged } from '../shared/ImagePipeline.tsx';

/** Uploads images one by one with a progress bar each; answers what the server made of them. */
export const useImageUpload = () => {
  const client = useQueryClient();
  const uploads = useUploads();
  const { run } = uploads;
  const upload = useCallback(
    async (files: File[]): Promise<UploadedImage[]> => {
      const done = await run(files, (file, options) => call('imageUpload', { form: { file }, ...options }));
      // Their copies are being made now: the panel below the uploads follows them.
      void imagePipelineChanged(client);
      return done;
    },
    [run, client],
  );
  return { items: uploads.items, upload };
};

/** The Markdown for an uploaded image; its size travels in the title so pages can reserve space. */
export const imageMarkdown = (image: UploadedImage, name: string): string =>
  `![${name.replace(/\.[^.]+$/, '').replace(/[[\]]/g, '')}](${image.url} "${image.width}x${image.height}")`;
