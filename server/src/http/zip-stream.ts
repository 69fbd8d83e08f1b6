import { once } from "node:events";
import type { Writable } from "node:stream";
import { constants, crc32, createDeflateRaw } from "node:zlib";

/** Writes one file of the archive; resolves when the archive's reader has room for more. */
export interface ZipEntryWriter {
  write(text: string): Promise<void>;
}

interface Written {
  name: Buffer;
  offset: number;
  crc: number;
  compressed: number;
  size: number;
}

const UTF8_AND_DESCRIPTOR = 0x0808; // names are UTF-8; sizes and CRC follow the data (it is streamed)
const DEFLATE = 8;
const ZIP_VERSION = 20;
/** Batches small writes: one deflate call per ~64 KiB instead of one per row. */
const BATCH_BYTES = 64 * 1024;
const SETTLED = Promise.resolve();

/** MS-DOS time and date of `at`, as zip headers keep them. */
function dosDateTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
    date: ((at.getFullYear() - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

/**
 * A zip archive written as it is made, with constant memory: each entry is deflated straight to `out`, its sizes
 * and CRC in a data descriptor after it, the central directory at the end. Waits whenever `out` is full, so a
 * slow reader slows the writer rather than filling memory. Archives stay under 4 GiB (no zip64).
 */
export class ZipStream {
  private offset = 0;
  private readonly entries: Written[] = [];
  private readonly stamp = dosDateTime(new Date());

  constructor(private readonly out: Writable) {}

  get closed(): boolean {
    return this.out.destroyed;
  }

  /** Adds one file whose content `fill` writes. Entries are written one after another. */
  async entry(name: string, fill: (writer: ZipEntryWriter) => Promise<void>): Promise<void> {
    const entry: Written = { name: Buffer.from(name, "utf8"), offset: this.offset, crc: 0, compressed: 0, size: 0 };
    await this.emit(this.localHeader(entry));
    const deflate = createDeflateRaw({ level: constants.Z_BEST_SPEED });
    deflate.on("data", (chunk: Buffer) => {
      entry.compressed += chunk.length;
      this.offset += chunk.length;
      if (!this.out.write(chunk)) deflate.pause();
    });
    const resume = () => deflate.resume();
    this.out.on("drain", resume);
    const ended = once(deflate, "end");
    let batch: string[] = [];
    let batchBytes = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      const bytes = Buffer.from(batch.join(""), "utf8");
      batch = [];
      batchBytes = 0;
      entry.crc = crc32(bytes, entry.crc);
      entry.size += bytes.length;
      if (!deflate.write(bytes)) await this.whileOpen(once(deflate, "drain"));
    };
    try {
      await fill({
        // Not async: a row that fits the batch returns the same settled promise, rather than a new one per row.
        write: (text) => {
          batch.push(text);
          batchBytes += text.length;
          return batchBytes >= BATCH_BYTES ? flush() : SETTLED;
        },
      });
      await flush();
      deflate.end();
      await this.whileOpen(ended);
    } finally {
      this.out.off("drain", resume);
      if (!deflate.destroyed) deflate.destroy();
    }
    this.entries.push(entry);
    await this.emit(this.descriptor(entry));
  }

  /** Writes the central directory; the archive is complete once this resolves. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const entry of this.entries) await this.emit(this.centralHeader(entry));
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.emit(end);
  }

  private async emit(bytes: Buffer): Promise<void> {
    this.offset += bytes.length;
    if (!this.out.write(bytes)) await this.whileOpen(once(this.out, "drain"));
  }

  /** Waits for `event` unless the reader leaves first (the stream closes: nothing will drain any more). */
  private whileOpen(event: Promise<unknown>): Promise<void> {
    if (this.out.destroyed) return Promise.resolve();
    // "close" rather than once(): a reader that cancels destroys the stream with an error, which once() would throw.
    return new Promise((resolve, reject) => {
      const closed = () => resolve();
      this.out.once("close", closed);
      event.then(
        () => (this.out.off("close", closed), resolve()),
        (error: unknown) => (this.out.off("close", closed), reject(error instanceof Error ? error : new Error(String(error)))),
      );
    });
  }

  private localHeader(entry: Written): Buffer {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(ZIP_VERSION, 4);
    header.writeUInt16LE(UTF8_AND_DESCRIPTOR, 6);
    header.writeUInt16LE(DEFLATE, 8);
    header.writeUInt16LE(this.stamp.time, 10);
    header.writeUInt16LE(this.stamp.date, 12);
    // CRC and sizes (offsets 14–25) stay zero: the data descriptor carries them.
    header.writeUInt16LE(entry.name.length, 26);
    return Buffer.concat([header, entry.name]);
  }

  private descriptor(entry: Written): Buffer {
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc >>> 0, 4);
    descriptor.writeUInt32LE(entry.compressed, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    return descriptor;
  }

  private centralHeader(entry: Written): Buffer {
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(ZIP_VERSION, 4);
    header.writeUInt16LE(ZIP_VERSION, 6);
    header.writeUInt16LE(UTF8_AND_DESCRIPTOR, 8);
    header.writeUInt16LE(DEFLATE, 10);
    header.writeUInt16LE(this.stamp.time, 12);
    header.writeUInt16LE(this.stamp.date, 14);
    header.writeUInt32LE(entry.crc >>> 0, 16);
    header.writeUInt32LE(entry.compressed, 20);
    header.writeUInt32LE(entry.size, 24);
    header.writeUInt16LE(entry.name.length, 28);
    header.writeUInt32LE(entry.offset, 42);
    return Buffer.concat([header, entry.name]);
  }
}
