import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, configVariableNames, loadConfig } from './config.ts';

describe('config', () => {
  it('has a row in the README configuration table for every variable', () => {
    const readme = fs.readFileSync(path.join(import.meta.dirname, '../../README.md'), 'utf8');
    const documented = new Set([...readme.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((match) => match[1]));
    expect(configVariableNames().filter((name) => !documented.has(name))).toEqual([]);
  });

  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.host).toBe('127.0.0.1');
    expect(config.apiBasePath).toBe('/api');
    expect(config.siteTitle).toBe('糖果罐');
    expect(config.database.kind).toBe('sqlite');
    expect(config.accessKeyTtlMs).toBe(7 * 86_400_000);
    expect(config.siteDomains).toEqual(expect.arrayContaining(['localhost', '127.0.0.1']));
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h/db',
    });
  });

  it('reports one line per bad variable', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', API_BASE_PATH: 'api/' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems;
      expect(problems).toHaveLength(3);
      expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(['API_BASE_PATH', 'DATABASE_URL', 'PORT']);
    }
  });

  it.each([
    [{ SITE_URL: 'https://candy.example/' }, 'https://candy.example'],
    [{ SITE_DOMAINS: 'localhost,candy.example' }, 'https://candy.example'],
    [{}, null],
  ])('knows the public address for links made off a request (%o)', (env, expected) => {
    expect(loadConfig(env).siteUrl).toBe(expected);
  });

  it('refuses a SITE_URL that is not http(s)', () => {
    expect(() => loadConfig({ SITE_URL: 'ftp://candy.example' })).toThrow(ConfigError);
  });

  it('reads API candidates with tiers', () => {
    expect(loadConfig({ API_CANDIDATES: 'https://a.example,1=https://b.example' }).apiCandidates).toEqual([
      { tier: 0, url: 'https://a.example' },
      { tier: 1, url: 'https://b.example' },
    ]);
  });
});
