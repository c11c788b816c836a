import { expect, it } from 'vitest';
import { readWorkerConfig, workerQuery } from './workerConfig.ts';

it('carries the API bases and mirrors through the script URL, made absolute', () => {
  const query = workerQuery({
    apiBases: ['/api', 'https://api2.example/v/'],
    mirrors: ['https://cdn.example/snap'],
  });
  expect(readWorkerConfig(`https://candy.example/sw.js?${query}`)).toEqual({
    apiBases: ['https://candy.example/api', 'https://api2.example/v'],
    mirrors: ['https://cdn.example/snap'],
  });
});

it('falls back to /api and /snapshot without a query (the old /push-sw.js importing it)', () => {
  expect(readWorkerConfig('https://candy.example/sw.js')).toEqual({
    apiBases: ['https://candy.example/api'],
    mirrors: ['https://candy.example/snapshot'],
  });
});
