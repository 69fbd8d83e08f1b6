// Draws the observers' app icons (a white ballot with a tick on the product's blue) as PNG files, so that the
// icons are reproducible without an image editor: `npx tsx scripts/observer-icons.ts`.
import { writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

const BLUE = [0x18, 0x64, 0xab];
const WHITE = [0xff, 0xff, 0xff];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Distance from point (px, py) to the segment (ax, ay)–(bx, by). */
function toSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const t = Math.max(0, Math.min(1, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)));
  return Math.hypot(px - (ax + t * (bx - ax)), py - (ay + t * (by - ay)));
}

/** The icon at `size` px; `inset` is the share of each side left blue (a maskable icon keeps its drawing in the middle). */
function icon(size: number, inset: number): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const u = (x / size - inset) / (1 - 2 * inset);
      const v = (y / size - inset) / (1 - 2 * inset);
      const inBallot = u > 0.22 && u < 0.78 && v > 0.14 && v < 0.86;
      const onTick = Math.min(toSegment(u, v, 0.33, 0.52, 0.46, 0.66), toSegment(u, v, 0.46, 0.66, 0.68, 0.34)) < 0.045;
      (inBallot && !onTick ? WHITE : BLUE).forEach((value, channel) => (row[1 + x * 3 + channel] = value));
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, no interlace
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk("IHDR", header), chunk("IDAT", deflateSync(Buffer.concat(rows), { level: 9 })), chunk("IEND", Buffer.alloc(0))]);
}

const dir = "src/observer-app/public/icons";
writeFileSync(`${dir}/icon-192.png`, icon(192, 0));
writeFileSync(`${dir}/icon-512.png`, icon(512, 0));
writeFileSync(`${dir}/icon-maskable-512.png`, icon(512, 0.1));
