import { pipeline, Readable, Transform } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { safeRelativePath } from '../http/safePath.ts';
import type { BlobStat, BlobStorage, ByteRange } from './types.ts';

export interface S3Settings {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** Multipart parts of an upload: S3's smallest allowed part (the stream itself moves in 64 KB pieces). */
const PART_SIZE = 5 * 1024 * 1024;

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/**
 * Blobs in an S3-compatible object store (`STORAGE=s3`, DESIGN §10): several replicas share them.
 * The AWS SDK v3 loads on first use. An upload is a multipart upload that S3 makes visible only when
 * complete; a failed one is aborted, so nothing half-written is left.
 */
export const createS3Storage = (settings: S3Settings): BlobStorage => {
  let client: Promise<{ s3: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> | null = null;
  const connect = () =>
    (client ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      s3: new sdk.S3Client({
        region: settings.region,
        ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
        forcePathStyle: settings.forcePathStyle,
        credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      }),
    })));
  const Bucket = settings.bucket;
  const keyOf = (key: string) => safeRelativePath(key, 'key');

  const stat = async (key: string): Promise<BlobStat | null> => {
    const { s3, sdk } = await connect();
    try {
      const head = await s3.send(new sdk.HeadObjectCommand({ Bucket, Key: keyOf(key) }));
      return {
        key,
        size: Number(head.ContentLength ?? 0),
        modifiedAt: head.LastModified?.getTime() ?? 0,
        contentType: head.ContentType,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  return {
    kind: 's3',
    async put(key, body, options) {
      const Key = keyOf(key);
      const { s3 } = await connect();
      const { Upload } = await import('@aws-sdk/lib-storage');
      let size = 0;
      // Counts what passes; a failing source destroys the counter too (pipeline), failing the upload.
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      pipeline(body, counted, () => undefined);
      const upload = new Upload({
        client: s3,
        params: { Bucket, Key, Body: counted, ContentType: options?.contentType },
        partSize: PART_SIZE,
        queueSize: 1,
        leavePartsOnError: false,
      });
      // A source stream that fails must fail the upload (lib-storage would otherwise wait forever).
      const failed = new Promise<never>((_, reject) => counted.once('error', reject));
      failed.catch(() => undefined);
      try {
        await Promise.race([upload.done(), failed]);
      } catch (error) {
        await upload.abort().catch(() => undefined);
        throw error;
      }
      return { size };
    },

    async get(key, range?: ByteRange) {
      const { s3, sdk } = await connect();
      try {
        const answer = await s3.send(
          new sdk.GetObjectCommand({
            Bucket,
            Key: keyOf(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return answer.Body instanceof Readable ? answer.Body : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    stat,

    async delete(key) {
      const { s3, sdk } = await connect();
      await s3.send(new sdk.DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },

    async list(prefix) {
      const { s3, sdk } = await connect();
      const found: BlobStat[] = [];
      let token: string | undefined;
      do {
        const page = await s3.send(
          new sdk.ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const item of page.Contents ?? []) {
          if (!item.Key) continue;
          found.push({
            key: item.Key,
            size: Number(item.Size ?? 0),
            modifiedAt: item.LastModified?.getTime() ?? 0,
            contentType: undefined,
          });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
  };
};
