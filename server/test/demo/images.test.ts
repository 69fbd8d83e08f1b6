import { describe, expect, it } from "vitest";
import { demoPng } from "../../src/demo/images.ts";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe("demoPng", () => {
  it("encodes a PNG with the requested size that differs by seed and repeats for the same seed", () => {
    const png = demoPng(7, 64, 48);
    expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    const header = new DataView(png.buffer, png.byteOffset + 16, 8);
    expect([header.getUint32(0), header.getUint32(4)]).toEqual([64, 48]);
    expect(demoPng(7)).toEqual(png);
    expect(demoPng(8)).not.toEqual(png);
  });
});
