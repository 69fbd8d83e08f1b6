import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PNG } from "pngjs";
import { afterEach, describe, expect, it } from "vitest";
import { compareWithApproved } from "./approved-screenshots.ts";

/** A white 390 × 200 page with a 100 × 36 blue "button" whose top-left corner is at (x, y). */
function pageWithButton(x: number, y: number): Buffer {
  const image = new PNG({ width: 390, height: 200 });
  for (let row = 0; row < image.height; row++) {
    for (let column = 0; column < image.width; column++) {
      const inButton = column >= x && column < x + 100 && row >= y && row < y + 36;
      const at = (row * image.width + column) * 4;
      image.data.set(inButton ? [34, 139, 230, 255] : [255, 255, 255, 255], at);
    }
  }
  return PNG.sync.write(image);
}

describe("compareWithApproved", () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  function folders() {
    const root = mkdtempSync(join(tmpdir(), "visual-"));
    dirs.push(root);
    return { approvedDir: join(root, "approved"), resultsDir: join(root, "results") };
  }

  it("approves a new image, then matches the same pixels without writing anything", () => {
    const where = folders();
    expect(compareWithApproved("screen", pageWithButton(20, 20), { ...where, approve: true })).toBe("matches");
    expect(existsSync(join(where.approvedDir, "screen.png"))).toBe(true);
    expect(compareWithApproved("screen", pageWithButton(20, 20), { ...where, approve: false })).toBe("matches");
    expect(existsSync(where.resultsDir)).toBe(false);
  });

  it("fails when a button moves by two pixels and writes the actual and the diff image", () => {
    const where = folders();
    compareWithApproved("screen", pageWithButton(20, 20), { ...where, approve: true });
    const verdict = compareWithApproved("screen", pageWithButton(22, 20), { ...where, approve: false });
    expect(verdict).toMatch(/pixels \(.*%\) differ/);
    const diff = PNG.sync.read(readFileSync(join(where.resultsDir, "screen.diff.png")));
    expect([diff.width, diff.height]).toEqual([390, 200]);
    expect(existsSync(join(where.resultsDir, "screen.actual.png"))).toBe(true);
  });

  it("fails when a small icon appears on a tall page (a share of the area would have let it pass)", () => {
    const where = folders();
    const tallPage = (withIcon: boolean) => {
      const image = new PNG({ width: 1440, height: 1300 });
      image.data.fill(255);
      if (withIcon) {
        // a 14 × 14 square outline, 1 px wide, in Mantine's gray: 52 pixels, 0.003 % of the page
        for (let i = 0; i < 14; i++) {
          for (const [x, y] of [[1000 + i, 1200], [1000 + i, 1213], [1000, 1200 + i], [1013, 1200 + i]] as const) {
            image.data.set([134, 142, 150, 255], (y * image.width + x) * 4);
          }
        }
      }
      return PNG.sync.write(image);
    };
    compareWithApproved("tall", tallPage(false), { ...where, approve: true });
    expect(compareWithApproved("tall", tallPage(true), { ...where, approve: false })).toMatch(/pixels \(0\.00\d %\) differ/);
  });

  it("fails when the page grows, and still draws a diff over both sizes", () => {
    const where = folders();
    compareWithApproved("screen", pageWithButton(20, 20), { ...where, approve: true });
    const taller = new PNG({ width: 390, height: 260, fill: true });
    PNG.bitblt(PNG.sync.read(pageWithButton(20, 20)), taller, 0, 0, 390, 200, 0, 0);
    const verdict = compareWithApproved("screen", PNG.sync.write(taller), { ...where, approve: false });
    expect(verdict).toContain("approved 390×200, actual 390×260");
    expect(PNG.sync.read(readFileSync(join(where.resultsDir, "screen.diff.png"))).height).toBe(260);
  });

  it("says where to look when there is no approved image yet", () => {
    const where = folders();
    expect(compareWithApproved("new-screen", pageWithButton(0, 0), { ...where, approve: false })).toMatch(/no approved image .*npm run test:visual:approve/);
  });
});
