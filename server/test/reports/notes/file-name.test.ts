import { describe, expect, it } from "vitest";
import { attachmentName } from "../../../src/reports/notes/file-name.ts";

describe("attachmentName", () => {
  it("keeps letters, Romanian diacritics composed, and the last path segment", () => {
    expect(attachmentName("C:\\poze\\Secția 5 – ușa.jpg")).toBe("Secția 5 – ușa.jpg");
    expect(attachmentName("/sdcard/DCIM/s\u0326t\u0326.png")).toBe("\u0219\u021b.png");
    expect(attachmentName("👩‍👩‍👧 urnă.png")).toBe("👩👩👧 urnă.png");
  });

  it("turns tabs and line breaks into one space and drops controls, bidi overrides and zero-width characters", () => {
    expect(attachmentName("a\t\r\n\u2028b.png")).toBe("a b.png");
    expect(attachmentName("photo\u202Egnp.exe")).toBe("photognp.exe");
    expect(attachmentName("\u0000\u0001\u001B\u007F\u009Bx\u200B\u200E\u2066\uFEFF\u00AD.png")).toBe("x.png");
    expect(attachmentName("\uD800a\uDFFF.png")).toBe("a.png");
  });

  it("is `image` when nothing visible is left, and at most 200 characters cut between code points", () => {
    expect(attachmentName("\u202E\u200B \t")).toBe("image");
    expect(attachmentName("dir/")).toBe("image");
    const long = attachmentName(`${"𝕏".repeat(300)}.png`);
    expect([...long].length).toBe(200);
    expect(long.isWellFormed()).toBe(true);
    expect(long.endsWith("𝕏.png")).toBe(true);
  });
});
