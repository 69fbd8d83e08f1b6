import type { Browser } from "playwright-core";
import { bundleForPage } from "../../../tests/e2e/support/bundle-for-page.ts";
import { addTestJpegMaker, exifApp1 } from "../../../tests/e2e/support/test-photo.ts";
import { throttle } from "./page-timing.ts";

/**
 * shrinkPhoto (src/observer-app/photos/shrink-photo.ts) on a 12-megapixel camera JPEG at 4x CPU, `runs` times:
 * the milliseconds of each run and the size of what it made. The photo is made at full speed, before the slowdown.
 */
export async function shrinkPhotoTimes(browser: Browser, runs: number) {
  const code = await bundleForPage("src/observer-app/photos/shrink-photo.ts", "photos");
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setContent("<!doctype html><title>shrinkPhoto</title>");
  await page.addScriptTag({ content: code });
  await addTestJpegMaker(page);
  const inputBytes = await page.evaluate<number>(`makeTestJpeg(4000, 3000, ${JSON.stringify(Array.from(exifApp1(6)))}).then((photo) => (window.photo = photo).size)`);
  // The longest task the main thread ran during a shrink: what the observer feels as a frozen screen.
  await page.evaluate(`new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.longestTask = Math.max(window.longestTask, entry.duration);
  }).observe({ type: "longtask" })`);
  await throttle(context, page, { cpu: 4 });
  const times: number[] = [];
  const longestTasks: number[] = [];
  let output = "";
  for (let run = 0; run < runs; run++) {
    const shrunk = await page.evaluate<{ ms: number; longestTask: number; bytes: number; width: number; height: number }>(`(async () => {
      window.longestTask = 0;
      const started = performance.now();
      const shrunk = await photos.shrinkPhoto(window.photo);
      const ms = performance.now() - started;
      const bitmap = await createImageBitmap(shrunk);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return { ms, longestTask: window.longestTask, bytes: shrunk.size, width: bitmap.width, height: bitmap.height };
    })()`);
    times.push(shrunk.ms);
    longestTasks.push(shrunk.longestTask);
    output = `${shrunk.width}×${shrunk.height}, ${(shrunk.bytes / 1000).toFixed(1)} kB`;
  }
  await context.close();
  return { inputBytes, times, longestTasks, output };
}
