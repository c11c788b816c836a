import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { promisify } from 'node:util';
import * as z from 'zod';
import { ProviderError } from '../fetchJson.ts';

/** A device a source says is on the network now. MAC lower case with colons. */
export interface SeenDevice {
  mac: string;
  ip: string;
  hostname: string;
}

export type DeviceSource = { name: string; list(): Promise<SeenDevice[]> };

const macShape = /^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/;
const normalMac = (mac: string) => mac.trim().toLowerCase().replace(/-/g, ':');
const usable = (d: SeenDevice) => macShape.test(d.mac) && d.mac !== '00:00:00:00:00:00';

/** dnsmasq / OpenWrt `dhcp.leases`: `expiry mac ip hostname client-id`, `*` for no host name. */
export const parseLeases = (text: string): SeenDevice[] =>
  text
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((f) => f.length >= 4)
    .map(([, mac = '', ip = '', host = '']) => ({
      mac: normalMac(mac),
      ip,
      hostname: host === '*' ? '' : host,
    }))
    .filter(usable);

/** `/proc/net/arp`: a header, then `IP HWtype Flags HWaddress Mask Device`; flags 0x0 = incomplete. */
export const parseArp = (text: string): SeenDevice[] =>
  text
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((f) => f.length >= 4 && f[2] !== '0x0')
    .map(([ip = '', , , mac = '']) => ({ mac: normalMac(mac), ip, hostname: '' }))
    .filter(usable);

const NeighList = z.array(
  z.object({ dst: z.string(), lladdr: z.string().optional(), state: z.array(z.string()).optional() }),
);

/** `ip -j neigh`: entries that are not FAILED or INCOMPLETE. */
export const parseIpNeigh = (json: string): SeenDevice[] => {
  const parsed = NeighList.safeParse(JSON.parse(json));
  if (!parsed.success) throw new ProviderError('ip neigh answered an unexpected shape');
  return parsed.data
    .filter((n) => n.lladdr && !n.state?.some((s) => s === 'FAILED' || s === 'INCOMPLETE'))
    .map((n) => ({ mac: normalMac(n.lladdr ?? ''), ip: n.dst, hostname: '' }))
    .filter(usable);
};

const readSource = async (file: string): Promise<string> => {
  try {
    return await fs.readFile(file, 'utf8');
  } catch (error) {
    throw new ProviderError(`cannot read ${file}`, { cause: error });
  }
};

const UbusAnswer = z.object({ result: z.tuple([z.number()]).rest(z.unknown()).optional() });
const Session = z.object({ ubus_rpc_session: z.string() });
const Leases = z.object({
  dhcp_leases: z.array(
    z.object({ macaddr: z.string(), ipaddr: z.string().default(''), hostname: z.string().default('') }),
  ),
});

/** OpenWrt ubus over HTTP JSON-RPC: `session login`, then `luci-rpc getDHCPLeases`. */
export const ubusSource = (base: string, user: string, password: string, timeoutMs = 5000): DeviceSource => {
  const url = `${base.replace(/\/+$/, '')}/ubus`;
  const rpc = async (params: unknown[]): Promise<unknown> => {
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'call', params }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ProviderError('ubus unreachable', { cause: error });
    }
    if (!res.ok) throw new ProviderError(`ubus answered HTTP ${res.status}`);
    const body = UbusAnswer.safeParse(await res.json().catch(() => null));
    const result = body.success ? body.data.result : undefined;
    if (result?.[0] !== 0) throw new ProviderError('ubus call refused');
    return result[1];
  };
  return {
    name: 'ubus',
    async list() {
      const session = Session.safeParse(
        await rpc(['00000000000000000000000000000000', 'session', 'login', { username: user, password }]),
      );
      if (!session.success) throw new ProviderError('ubus login answered an unexpected shape');
      const leases = Leases.safeParse(
        await rpc([session.data.ubus_rpc_session, 'luci-rpc', 'getDHCPLeases', {}]),
      );
      if (!leases.success) throw new ProviderError('ubus leases answered an unexpected shape');
      return leases.data.dhcp_leases
        .map((l) => ({ mac: normalMac(l.macaddr), ip: l.ipaddr, hostname: l.hostname }))
        .filter(usable);
    },
  };
};

/** Builds the sources DEVICE_SOURCE names: `leases:<file>`, `arp[:<file>]`, `ip-neigh`, `ubus`. */
export const deviceSources = (
  names: string[],
  ubus: { url: string | undefined; user: string; password: string },
): DeviceSource[] =>
  names.map((entry): DeviceSource => {
    const [kind = '', ...rest] = entry.split(':');
    const arg = rest.join(':');
    if (kind === 'leases')
      return { name: entry, list: async () => parseLeases(await readSource(arg || '/tmp/dhcp.leases')) };
    if (kind === 'arp')
      return { name: entry, list: async () => parseArp(await readSource(arg || '/proc/net/arp')) };
    if (kind === 'ip-neigh')
      return {
        name: entry,
        list: async () => {
          try {
            const { stdout } = await promisify(execFile)('ip', ['-j', 'neigh'], { timeout: 5000 });
            return parseIpNeigh(stdout);
          } catch (error) {
            if (error instanceof ProviderError) throw error;
            throw new ProviderError('ip neigh failed', { cause: error });
          }
        },
      };
    if (kind === 'ubus' && ubus.url) return ubusSource(ubus.url, ubus.user, ubus.password);
    return {
      name: entry,
      list: async () => {
        throw new ProviderError(`unknown device source ${entry}`);
      },
    };
  });
