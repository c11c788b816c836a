import type { Material, MaterialPageBody } from '@candy/contract/calls/videos';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../../core/request.ts';
import { queryClient } from '../../../../ui/adminKit/index.ts';

export const videoKeys = {
  all: ['videos'] as const,
  materialPage: (body: MaterialPageBody) => ['videos', 'materials', 'page', body] as const,
  materialList: ['videos', 'materials', 'list'] as const,
  collectionPage: (page: number) => ['videos', 'collections', page] as const,
  source: (path: string) => ['videos', 'source', path] as const,
};

const inQueue = (list: Material[] | undefined) =>
  list?.some((m) => m.status === 'draft' || m.status === 'processing') ?? false;

/** Poll once a second while a clip waits or is processed: progress is live, then polling stops. */
export const useMaterialPage = (body: MaterialPageBody) =>
  useQuery({
    queryKey: videoKeys.materialPage(body),
    queryFn: () => call('videoMaterialPage', { body }),
    refetchInterval: (query) => (inQueue(query.state.data?.list) ? 1000 : false),
  });

export const useAllMaterials = () =>
  useQuery({
    queryKey: videoKeys.materialList,
    queryFn: () => call('videoMaterialList', { query: {} }),
    refetchInterval: (query) => (inQueue(query.state.data) ? 2000 : false),
  });

/** After any write: every video list (materials and collections) is refetched. */
export const invalidateVideos = () => queryClient.invalidateQueries({ queryKey: videoKeys.all });
