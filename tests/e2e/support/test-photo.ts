import type { Page } from "playwright-core";

/** Cluj-Napoca, 46°46′12″ N 23°35′24″ E: a position the shrunk photo must no longer carry. */
const LATITUDE = [46, 46, 12] as const;
const LONGITUDE = [23, 35, 24] as const;

/**
 * An EXIF APP1 segment written byte by byte (TIFF, little-endian): IFD0 holds the Orientation and a pointer to a GPS
 * IFD with latitude and longitude, as a phone camera writes them.
 */
export function exifApp1(orientation: number): Uint8Array {
  const [ASCII, SHORT, LONG, RATIONAL] = [2, 3, 4, 5];
  type Field = [bytes: 2 | 4, value: number];
  const entry = (tag: number, type: number, count: number, value: number): Field[] => [[2, tag], [2, type], [4, count], [4, value]];
  // Offsets from the TIFF header: IFD0 (2 entries) at 8, the GPS IFD (4 entries) at 38, its rationals at 92 and 116.
  const fields: Field[] = [
    [2, 0x4949], [2, 42], [4, 8],
    [2, 2], ...entry(0x0112, SHORT, 1, orientation), ...entry(0x8825, LONG, 1, 38), [4, 0],
    [2, 4],
    ...entry(0x0001, ASCII, 2, "N".charCodeAt(0)),
    ...entry(0x0002, RATIONAL, 3, 92),
    ...entry(0x0003, ASCII, 2, "E".charCodeAt(0)),
    ...entry(0x0004, RATIONAL, 3, 116),
    [4, 0],
    ...[...LATITUDE, ...LONGITUDE].flatMap((part): Field[] => [[4, part], [4, 1]]),
  ];
  const tiff = new DataView(new ArrayBuffer(fields.reduce((sum, [bytes]) => sum + bytes, 0)));
  let at = 0;
  for (const [bytes, value] of fields) {
    if (bytes === 2) tiff.setUint16(at, value, true);
    else tiff.setUint32(at, value, true);
    at += bytes;
  }
  const payload = [..."Exif\0\0"].map((char) => char.charCodeAt(0)).concat([...new Uint8Array(tiff.buffer)]);
  const length = payload.length + 2;
  return Uint8Array.from([0xff, 0xe1, length >> 8, length & 0xff, ...payload]);
}

// A string, not a function: tsx (the bench) would insert helpers the page does not have.
const MAKE_TEST_JPEG = `
window.makeTestJpeg = async (width, height, app1) => {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext("2d");
  const image = context.createImageData(width, height);
  const pixels = image.data;
  let seed = 2463534242;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed ^= seed << 13; seed ^= seed >>> 17; seed ^= seed << 5;
      const noise = (seed & 31) - 16;
      const i = (y * width + x) * 4;
      pixels[i] = (x * 255) / width + noise;
      pixels[i + 1] = (y * 255) / height + noise;
      pixels[i + 2] = 128 + 100 * Math.sin(x / 97) * Math.cos(y / 61) + noise;
      pixels[i + 3] = 255;
    }
  }
  context.putImageData(image, 0, 0);
  const jpeg = new Uint8Array(await (await canvas.convertToBlob({ type: "image/jpeg", quality: 0.92 })).arrayBuffer());
  return new Blob([jpeg.subarray(0, 2), new Uint8Array(app1), jpeg.subarray(2)], { type: "image/jpeg" });
};
`;

/**
 * Adds `window.makeTestJpeg(width, height, app1Bytes)` to the page: a camera-like JPEG (gradients and noise, so it
 * does not compress to nothing) with the APP1 segment inserted right after its start-of-image marker.
 */
export async function addTestJpegMaker(page: Page): Promise<void> {
  await page.addScriptTag({ content: MAKE_TEST_JPEG });
}

/** The markers of a JPEG's segments up to the image data (0xffe1 is APP1, where EXIF lives). */
export function jpegMarkers(jpeg: Uint8Array): number[] {
  const markers: number[] = [];
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = (jpeg[at] << 8) | jpeg[at + 1];
    markers.push(marker);
    if (marker === 0xffda) break;
    at += 2 + ((jpeg[at + 2] << 8) | jpeg[at + 3]);
  }
  return markers;
}
