import net from 'node:net';

/** 4 bytes for IPv4, 16 for IPv6 (zone ids dropped, `::` and a trailing dotted IPv4 part expanded). */
export function addressBytes(address: string): Buffer | undefined {
  const plain = address.replace(/%.*$/, '');
  const kind = net.isIP(plain);
  if (kind === 4) return Buffer.from(plain.split('.').map(Number));
  if (kind !== 6) return undefined;
  const [head = '', tail] = plain.split('::') as [string, string | undefined];
  const groups = (part: string): number[] => {
    if (part === '') return [];
    return part.split(':').flatMap((group) => {
      if (!group.includes('.')) return [Number.parseInt(group, 16)];
      const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
      return [(a << 8) | b, (c << 8) | d];
    });
  };
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const words = tail === undefined ? front : [...front, ...Array.from({ length: Math.max(0, 8 - front.length - back.length) }, () => 0), ...back];
  if (words.length !== 8) return undefined;
  const bytes = Buffer.alloc(16);
  words.forEach((word, index) => bytes.writeUInt16BE(word, index * 2));
  return bytes;
}
