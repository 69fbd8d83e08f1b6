import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./support/browser.ts";
import { bundleForPage } from "./support/bundle-for-page.ts";
import { addTestJpegMaker, exifApp1, jpegMarkers } from "./support/test-photo.ts";

const EXIF_HEADER = Buffer.from("Exif\0\0", "latin1");
const APP1 = 0xffe1;

interface PhotoPage {
  makeTestJpeg: (width: number, height: number, app1: number[]) => Promise<Blob>;
  photos: { shrinkPhoto: (photo: Blob, options?: { targetBytes?: number }) => Promise<Blob> };
}

interface Shrunk {
  input: { bytes: number; hasExif: boolean; width: number; height: number };
  output: { type: string; width: number; height: number; base64: string };
  milliseconds: number;
}

/** A 12-megapixel camera JPEG (4000 × 3000 pixels as stored) carrying `orientation` and a GPS position, shrunk in the page. */
function shrinkCameraPhoto(page: Page, orientation: number, targetBytes?: number): Promise<Shrunk> {
  return page.evaluate(async ({ app1, targetBytes }) => {
    const { makeTestJpeg, photos } = window as unknown as PhotoPage;
    const photo = await makeTestJpeg(4000, 3000, app1);
    const inputBytes = new Uint8Array(await photo.arrayBuffer());
    const input = await createImageBitmap(photo, { imageOrientation: "from-image" });
    const started = performance.now();
    const shrunk = await photos.shrinkPhoto(photo, { targetBytes });
    const milliseconds = performance.now() - started;
    const output = await createImageBitmap(shrunk);
    const dataUrl = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsDataURL(shrunk);
    });
    return {
      input: {
        bytes: photo.size,
        hasExif: new TextDecoder("latin1").decode(inputBytes.subarray(0, 200)).includes("Exif\0\0"),
        width: input.width,
        height: input.height,
      },
      output: { type: shrunk.type, width: output.width, height: output.height, base64: dataUrl.slice(dataUrl.indexOf(",") + 1) },
      milliseconds,
    };
  }, { app1: Array.from(exifApp1(orientation)), targetBytes });
}

describe("shrinkPhoto in Chromium", () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    const [code, launched] = await Promise.all([bundleForPage("src/observer-app/photos/shrink-photo.ts", "photos"), launchBrowser()]);
    browser = launched;
    page = await browser.newPage();
    await page.setContent("<!doctype html><title>shrinkPhoto</title>");
    await page.addScriptTag({ content: code });
    await addTestJpegMaker(page);
  });
  afterAll(() => browser.close());

  it("turns a 12-megapixel photo with a GPS position into a JPEG of at most 1600 px and 400 kB without any EXIF", async () => {
    const { input, output, milliseconds } = await shrinkCameraPhoto(page, 1);
    const bytes = Buffer.from(output.base64, "base64");
    console.log(`shrinkPhoto: 4000×3000 ${(input.bytes / 1e6).toFixed(2)} MB → ${output.width}×${output.height} ${(bytes.length / 1e3).toFixed(1)} kB in ${milliseconds.toFixed(0)} ms`);

    expect(input).toMatchObject({ hasExif: true, width: 4000, height: 3000 });
    expect({ type: output.type, width: output.width, height: output.height }).toEqual({ type: "image/jpeg", width: 1600, height: 1200 });
    expect(bytes.length).toBeLessThanOrEqual(400_000);
    expect(jpegMarkers(bytes)).not.toContain(APP1);
    expect(bytes.indexOf(EXIF_HEADER)).toBe(-1);
  });

  it("applies EXIF orientation 6, so a portrait photo stored sideways comes out upright, taller than wide", async () => {
    const { input, output, milliseconds } = await shrinkCameraPhoto(page, 6);
    const bytes = Buffer.from(output.base64, "base64");
    console.log(`shrinkPhoto (orientation 6): ${output.width}×${output.height} ${(bytes.length / 1e3).toFixed(1)} kB in ${milliseconds.toFixed(0)} ms`);

    expect(input).toMatchObject({ hasExif: true, width: 3000, height: 4000 });
    expect({ type: output.type, width: output.width, height: output.height }).toEqual({ type: "image/jpeg", width: 1200, height: 1600 });
    expect(bytes.length).toBeLessThanOrEqual(400_000);
    expect(bytes.indexOf(EXIF_HEADER)).toBe(-1);
  });

  it("lowers the quality, then the size, until the photo fits a smaller target", async () => {
    const { output } = await shrinkCameraPhoto(page, 1, 25_000);
    const bytes = Buffer.from(output.base64, "base64");
    console.log(`shrinkPhoto (target 25 kB): ${output.width}×${output.height} ${(bytes.length / 1e3).toFixed(1)} kB`);

    expect(bytes.length).toBeLessThanOrEqual(25_000);
    expect(output.width).toBeLessThan(1600);
    expect(output.width / output.height).toBeCloseTo(4 / 3, 2);
  });
});
