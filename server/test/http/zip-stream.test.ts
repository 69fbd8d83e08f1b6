import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import JSZip from "jszip";
import { afterAll, describe, expect, it } from "vitest";
import { streamZip, type Zip64Limits, type ZipStream } from "../../src/http/zip-stream.ts";

const bytesOf = async (write: (zip: ZipStream) => Promise<void>, limits?: Zip64Limits) => Buffer.from(await new Response(streamZip(write, limits)).arrayBuffer());

/** Info-ZIP's `unzip`, when the machine has it: a second, independent reader of the archives. */
const hasUnzip = (() => {
  try {
    execFileSync("unzip", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();
const folder = mkdtempSync(join(tmpdir(), "zip-stream-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** `unzip -tq`'s verdict and `zipinfo -v`'s description of the archive (which reads it from its end records). */
function infoZip(archive: Buffer, describe = true): { test: string; info: string } {
  const path = join(folder, `${randomBytes(4).toString("hex")}.zip`);
  writeFileSync(path, archive);
  const run = (command: string, args: string[]) => execFileSync(command, [...args, path], { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
  return { test: run("unzip", ["-tq"]), info: describe ? run("zipinfo", ["-v"]) : "" };
}

/** The compression method of each entry, read from the central directory by JSZip. */
const methods = (zip: JSZip) => Object.values(zip.files).map((file) => (file as unknown as { _data: { compression: { magic: string } } })._data.compression.magic);

describe("ZipStream", () => {
  it("writes binary entries, deflated or stored, that read back byte for byte next to text ones", async () => {
    const photo = randomBytes(300_000);
    const chunks = [randomBytes(70_000), randomBytes(5), randomBytes(100_000)];
    const archive = await bytesOf(async (zip) => {
      await zip.entry("notes.txt", async (entry) => {
        await entry.write("Coadă lungă, ");
        await entry.write(new TextEncoder().encode("ștampile lipsă"));
      });
      await zip.entry("photos/1-1-poza.jpg", (entry) => entry.write(photo), { store: true });
      await zip.entryFrom("nested.bin", Readable.from(chunks));
    });
    const zip = await JSZip.loadAsync(archive);
    expect(Object.keys(zip.files)).toEqual(["notes.txt", "photos/1-1-poza.jpg", "nested.bin"]);
    expect(await zip.file("notes.txt")!.async("string")).toBe("Coadă lungă, ștampile lipsă");
    expect(Buffer.from(await zip.file("photos/1-1-poza.jpg")!.async("uint8array")).equals(photo)).toBe(true);
    expect(Buffer.from(await zip.file("nested.bin")!.async("uint8array")).equals(Buffer.concat(chunks))).toBe(true);
    // Stored: the photo's bytes are in the archive as they are.
    expect(methods(zip)).toEqual(["\x08\x00", "\x00\x00", "\x08\x00"]);
    expect(archive.includes(photo)).toBe(true);
    if (hasUnzip) {
      const { test, info } = infoZip(archive);
      expect(test).toContain("No errors detected");
      expect(info).toMatch(/photos\/1-1-poza\.jpg[\s\S]*?compression method:\s+none \(stored\)/);
    }
  });

  it("writes zip64 sizes, offsets and end record once a field no longer fits (limits lowered to see it)", async () => {
    const big = randomBytes(5_000);
    const archive = await bytesOf(
      async (zip) => {
        await zip.entry("small.txt", (entry) => entry.write("mic"));
        await zip.entry("big.bin", (entry) => entry.write(big), { store: true });
        await zip.entry("after.txt", (entry) => entry.write("după"));
        await zip.entry("last.txt", (entry) => entry.write("ultimul"));
      },
      { bytes: 1_000, entries: 3 },
    );
    // The zip64 end record and its locator, then the end record whose fields say "look in zip64".
    const record = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x06, 0x06]));
    const locator = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x06, 0x07]));
    expect(record).toBeGreaterThan(0);
    expect(locator).toBe(record + 56);
    expect(archive.readBigUInt64LE(locator + 8)).toBe(BigInt(record));
    expect(archive.readBigUInt64LE(record + 32)).toBe(4n);
    const end = archive.subarray(-22);
    expect([end.readUInt16LE(10), end.readUInt32LE(12), end.readUInt32LE(16)]).toEqual([0xffff, 0xffffffff, 0xffffffff]);
    // The big entry's descriptor has 8-byte sizes.
    const descriptor = archive.indexOf(Buffer.from([0x50, 0x4b, 0x07, 0x08]), archive.indexOf(big) + big.length);
    expect(archive.readBigUInt64LE(descriptor + 8)).toBe(5_000n);

    const zip = await JSZip.loadAsync(archive);
    expect(Object.keys(zip.files)).toEqual(["small.txt", "big.bin", "after.txt", "last.txt"]);
    expect(Buffer.from(await zip.file("big.bin")!.async("uint8array")).equals(big)).toBe(true);
    expect(await zip.file("last.txt")!.async("string")).toBe("ultimul");
    if (hasUnzip) {
      const { test, info } = infoZip(archive);
      expect(test).toContain("No errors detected");
      expect(info).toContain("central directory contains 4 entries");
      expect(info.match(/subfield with ID 0x0001 \(PKWARE 64-bit sizes\)/g)?.length).toBe(3);
    }
  });

  it("holds more than 65,535 entries", { timeout: 60_000 }, async () => {
    const count = 70_000;
    const archive = await bytesOf(async (zip) => {
      for (let i = 0; i < count; i++) await zip.entry(`f/${i}.txt`, (entry) => entry.write(String(i)), { store: true });
    });
    expect(archive.subarray(-22).readUInt16LE(10)).toBe(0xffff);
    expect(archive.readBigUInt64LE(archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x06, 0x06])) + 32)).toBe(BigInt(count));
    // unzip reads the 70,000 entries in a fraction of the time JSZip takes.
    if (hasUnzip) expect(infoZip(archive, false).test).toContain("No errors detected");
    else expect(Object.keys((await JSZip.loadAsync(archive)).files).length).toBe(count);
  });

  it("stops reading a nested stream once the reader has gone", async () => {
    let pulled = 0;
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(randomBytes(64 * 1024));
      },
    });
    let done: () => void = () => undefined;
    const stopped = new Promise<void>((resolve) => (done = resolve));
    const stream = streamZip(async (zip) => {
      await zip.entryFrom("endless.bin", source, { store: true });
      done();
    });
    const reader = stream.getReader();
    await reader.read();
    await reader.cancel();
    await stopped;
    const after = pulled;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pulled).toBe(after);
    expect(pulled).toBeLessThan(1_000);
  });
});
