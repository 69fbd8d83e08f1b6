import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pixelmatch from "pixelmatch";
import { PNG } from "pngjs";

export const APPROVED_DIR = join(import.meta.dirname, "__approved__");
/** Git-ignored, next to the rest of the test output. */
export const RESULTS_DIR = join(process.cwd(), "test-results", "visual");

/** `npm run test:visual:approve` sets it: the screenshots taken become the approved ones. */
const approving = process.env.VISUAL_APPROVE === "1";

/**
 * Anti-aliasing tolerance: pixelmatch's colour distance per pixel (0..1, OKLab; it also skips the pixels it
 * recognises as anti-aliasing), then how many pixels may still differ. Chromium renders these pages pixel for
 * pixel the same from run to run, so the count is tight and absolute: a share of a tall page's area let a whole
 * thin-stroked icon (a few dozen pixels once its anti-aliased edge is skipped) appear unnoticed.
 */
const PIXEL_THRESHOLD = 0.1;
const MAX_DIFF_PIXELS = 8;

/** "matches" (also once approved), or what a failing test prints: the share that differs and the images' paths. */
export type Verdict = string;

/** Both images on a canvas of the larger size, so that a page that grew or shrank still gets a diff image. */
function padTo(image: PNG, width: number, height: number): PNG {
  if (image.width === width && image.height === height) return image;
  const padded = new PNG({ width, height, fill: true });
  PNG.bitblt(image, padded, 0, 0, image.width, image.height, 0, 0);
  return padded;
}

function diff(approved: PNG, actual: PNG) {
  const width = Math.max(approved.width, actual.width);
  const height = Math.max(approved.height, actual.height);
  const image = new PNG({ width, height });
  const differing = pixelmatch(padTo(approved, width, height).data, padTo(actual, width, height).data, image.data, width, height, {
    threshold: PIXEL_THRESHOLD,
  });
  return { image, differing, ratio: differing / (width * height) };
}

/**
 * Compares a screenshot with its approved PNG. On a difference it writes `<name>.actual.png` and `<name>.diff.png`
 * into test-results/visual/; when approving, it replaces the approved PNG (only if it changed beyond the tolerance,
 * so re-approving does not churn files over anti-aliasing noise).
 */
export function compareWithApproved(
  name: string,
  screenshot: Buffer,
  { approvedDir = APPROVED_DIR, resultsDir = RESULTS_DIR, approve = approving } = {},
): Verdict {
  const approvedPath = join(approvedDir, `${name}.png`);
  const actualPath = join(resultsDir, `${name}.actual.png`);
  const diffPath = join(resultsDir, `${name}.diff.png`);
  rmSync(actualPath, { force: true });
  rmSync(diffPath, { force: true });

  const approvedBytes = existsSync(approvedPath) ? readFileSync(approvedPath) : null;
  // Chromium encodes the same pixels to the same bytes: most screenshots are done here, without decoding two PNGs.
  if (approvedBytes?.equals(screenshot)) return "matches";
  const actual = PNG.sync.read(screenshot);
  const approved = approvedBytes ? PNG.sync.read(approvedBytes) : null;
  const result = approved ? diff(approved, actual) : null;
  const diffRatio = result?.ratio ?? 1;
  const sameSize = approved?.width === actual.width && approved.height === actual.height;
  const matches = sameSize && (result?.differing ?? Infinity) <= MAX_DIFF_PIXELS;

  if (approve) {
    if (!matches) {
      mkdirSync(approvedDir, { recursive: true });
      writeFileSync(approvedPath, screenshot);
    }
    return "matches";
  }
  if (matches) return "matches";

  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(actualPath, screenshot);
  if (!result || !approved) {
    return `no approved image ${approvedPath}: look at ${actualPath}, then run npm run test:visual:approve`;
  }
  writeFileSync(diffPath, PNG.sync.write(result.image));
  const sizes = sameSize ? "" : ` (approved ${approved.width}×${approved.height}, actual ${actual.width}×${actual.height})`;
  return `${result.differing} pixels (${(diffRatio * 100).toFixed(3)} %) differ${sizes}: approved ${approvedPath}, actual ${actualPath}, diff ${diffPath}`;
}
