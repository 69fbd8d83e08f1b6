import { crc32, deflateSync } from "node:zlib";

const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const COLOR_TYPE_RGB = 2;

/**
 * A small, valid PNG that looks vaguely like a phone photo of a polling station (sky, wall, a ballot box,
 * sensor noise), different for every seed and identical for the same seed: the demo notes' attachments.
 */
export function demoPng(seed: number, width = 64, height = 48): Uint8Array {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`Invalid image size ${width}×${height}`);
  }
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  ihdr.set([8, COLOR_TYPE_RGB, 0, 0, 0], 8); // bit depth, colour type, compression, filter, interlace
  return concat([
    SIGNATURE,
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(scanlines(seed, width, height))),
    chunk("IEND", new Uint8Array(0)),
  ]);
}

/** Raw image data: every row starts with filter type 0 (None), then RGB triples. */
function scanlines(seed: number, width: number, height: number): Uint8Array {
  const palette = paletteFor(seed);
  const horizon = Math.floor(height * (0.45 + (hash(seed, 1, 1) % 20) / 100));
  const box = {
    left: Math.floor(width * (0.2 + (hash(seed, 2, 2) % 35) / 100)),
    top: Math.floor(height * 0.4),
    width: Math.max(2, Math.floor(width * 0.3)),
    height: Math.max(2, Math.floor(height * 0.45)),
  };
  const stride = 1 + width * 3;
  const raw = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inBox = x >= box.left && x < box.left + box.width && y >= box.top && y < box.top + box.height;
      const slot = y === box.top + 2 && x > box.left + box.width / 3 && x < box.left + (2 * box.width) / 3;
      const base = slot ? palette.slot : inBox ? palette.box : y < horizon ? palette.wall : palette.floor;
      const shade = y < horizon ? 1 - (0.25 * y) / Math.max(1, horizon) : 0.75 + (0.25 * (y - horizon)) / height;
      const noise = (hash(seed, x, y) % 13) - 6;
      const offset = y * stride + 1 + x * 3;
      for (let channel = 0; channel < 3; channel++) {
        raw[offset + channel] = clampByte(base[channel]! * shade + noise);
      }
    }
  }
  return raw;
}

type Rgb = readonly [number, number, number];

function paletteFor(seed: number): { wall: Rgb; floor: Rgb; box: Rgb; slot: Rgb } {
  const walls: Rgb[] = [
    [214, 222, 235],
    [235, 226, 204],
    [206, 228, 214],
    [240, 214, 206],
  ];
  const floors: Rgb[] = [
    [140, 110, 86],
    [120, 124, 130],
    [164, 136, 98],
  ];
  return {
    wall: walls[hash(seed, 3, 3) % walls.length]!,
    floor: floors[hash(seed, 4, 4) % floors.length]!,
    box: [236, 238, 240],
    slot: [30, 34, 40],
  };
}

/** A cheap integer hash (no state), so any pixel can be computed on its own. */
function hash(seed: number, x: number, y: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(x + 1, 0xc2b2ae35) ^ Math.imul(y + 1, 0x27d4eb2f);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  return (h ^ (h >>> 15)) >>> 0;
}

function clampByte(value: number): number {
  return Math.max(0, Math.min(255, Math.round(value)));
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
