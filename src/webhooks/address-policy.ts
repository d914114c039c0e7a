import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Addresses a webhook (or a custom-claims script's fetch) may not reach unless the operator allows
 * private networks: everything but global unicast, by the special-purpose ranges ipaddr.js keeps
 * (loopback, private, link-local, CGNAT, multicast, reserved, documentation, NAT64, Teredo, …),
 * so the list follows the IANA registries rather than a hand-kept one. Forms that embed an IPv4
 * address are judged by that address: IPv4-mapped (`::ffff:a.b.c.d`) and 6to4 (`2002:AABB:CCDD::`).
 */
export function isRefusedAddress(address: string): boolean {
  if (!ipaddr.isValid(address) || isIP(address) === 0) return true;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() !== 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  const range = v6.range();
  if (range === 'ipv4Mapped') return isRefusedAddress(v6.toIPv4Address().toString());
  if (range === '6to4') return isRefusedAddress(sixToFourIPv4(v6));
  // IPv4-compatible (::a.b.c.d, deprecated by RFC 4291) is not among the named ranges.
  if (range === 'unicast' && v6.parts.slice(0, 6).every((part) => part === 0)) return true;
  return range !== 'unicast';
}

/** 6to4 addresses carry the IPv4 address of their site in bits 16–47. */
function sixToFourIPv4(address: ipaddr.IPv6): string {
  const [, high = 0, low = 0] = address.parts;
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

export class RefusedAddressError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(
      `The address ${address} of ${host} is not a public address (private, loopback, link-local or ` +
        'another special-purpose range). An operator can allow such targets with ' +
        'TESSERA_WEBHOOK_ALLOW_PRIVATE_NETWORKS=true.',
    );
    this.name = 'RefusedAddressError';
  }
}

/** `[::1]` in a URL is `::1` to the resolver. */
export function bareHost(hostname: string): string {
  return hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
}

/** Every address of `host`; one refused address refuses the host (the connection could pick it). */
export async function resolveAllowed(host: string, allowPrivate: boolean): Promise<LookupAddress[]> {
  const addresses = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await new Promise<LookupAddress[]>((resolve, reject) =>
        dnsLookup(host, { all: true, verbatim: true }, (error, found) =>
          error ? reject(error) : resolve(found),
        ),
      );
  if (!allowPrivate) {
    const bad = addresses.find((entry) => isRefusedAddress(entry.address));
    if (bad) throw new RefusedAddressError(host, bad.address);
  }
  return addresses;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for node:http that answers with the addresses it has just checked, so the socket
 * connects to exactly what was validated: a DNS answer cannot change between check and connect.
 */
export function pinnedLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    resolveAllowed(bareHost(hostname), allowPrivate).then(
      (addresses) => {
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}
