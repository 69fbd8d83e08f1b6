import { once } from "node:events";
import { PassThrough, Readable, type Writable } from "node:stream";
import { constants, crc32, createDeflateRaw } from "node:zlib";

/** Writes one file of the archive; resolves when the archive's reader has room for more. */
export interface ZipEntryWriter {
  /** Text is written as UTF-8; bytes as they are. */
  write(data: string | Uint8Array): Promise<void>;
}

export interface ZipEntryOptions {
  /** Kept as it is rather than deflated: for what is compressed already (JPEG, PNG, an XLSX). */
  store?: boolean;
}

/**
 * The values at and past which a header's field no longer fits and zip64 is written: 0xFFFFFFFF for sizes and
 * offsets, 0xFFFF for the count of entries. Tests lower them to check zip64 without writing 4 GiB.
 */
export interface Zip64Limits {
  bytes: number;
  entries: number;
}

interface Written {
  name: Buffer;
  method: number;
  offset: number;
  crc: number;
  compressed: number;
  size: number;
}

const UTF8_AND_DESCRIPTOR = 0x0808; // names are UTF-8; sizes and CRC follow the data (it is streamed)
const STORE = 0;
const DEFLATE = 8;
const ZIP_VERSION = 20;
const ZIP64_VERSION = 45;
const ZIP64_EXTRA = 0x0001;
const ZIP32_LIMITS: Zip64Limits = { bytes: 0xffffffff, entries: 0xffff };
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

/** Where an entry's bytes go once counted: straight to the archive (stored) or through deflate. */
interface EntrySink {
  write(bytes: Uint8Array): Promise<void>;
  end(): Promise<void>;
  close(): void;
}

/**
 * A zip archive written as it is made, with constant memory: each entry is deflated (or stored) straight to `out`,
 * its sizes and CRC in a data descriptor after it, the central directory at the end. Waits whenever `out` is full,
 * so a slow reader slows the writer rather than filling memory. Past 4 GiB or 65,535 entries the archive is zip64:
 * an entry's local header cannot know its sizes (they follow in the descriptor, 8 bytes wide when they need it),
 * so the zip64 fields are in the central directory and its zip64 end record, where readers look for them.
 */
export class ZipStream {
  private offset = 0;
  private readonly entries: Written[] = [];
  private readonly stamp = dosDateTime(new Date());

  constructor(
    private readonly out: Writable,
    private readonly limits: Zip64Limits = ZIP32_LIMITS,
  ) {}

  get closed(): boolean {
    return this.out.destroyed;
  }

  /** Adds one file whose content `fill` writes. Entries are written one after another. */
  async entry(name: string, fill: (writer: ZipEntryWriter) => Promise<void>, { store = false }: ZipEntryOptions = {}): Promise<void> {
    const entry: Written = { name: Buffer.from(name, "utf8"), method: store ? STORE : DEFLATE, offset: this.offset, crc: 0, compressed: 0, size: 0 };
    await this.emit(this.localHeader(entry));
    const sink = store ? this.storedSink(entry) : this.deflateSink(entry);
    const take = (bytes: Uint8Array) => {
      entry.crc = crc32(bytes, entry.crc);
      entry.size += bytes.length;
      return sink.write(bytes);
    };
    let batch: string[] = [];
    let batchBytes = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      const bytes = Buffer.from(batch.join(""), "utf8");
      batch = [];
      batchBytes = 0;
      await take(bytes);
    };
    try {
      await fill({
        // Not async: a row that fits the batch returns the same settled promise, rather than a new one per row.
        write: (data) => {
          if (typeof data !== "string") return flush().then(() => take(data));
          batch.push(data);
          batchBytes += data.length;
          return batchBytes >= BATCH_BYTES ? flush() : SETTLED;
        },
      });
      await flush();
      await sink.end();
    } finally {
      sink.close();
    }
    this.entries.push(entry);
    await this.emit(this.descriptor(entry));
  }

  /** Adds one file holding what `source` yields (e.g. a nested stream); stops reading it when the reader leaves. */
  entryFrom(name: string, source: AsyncIterable<Uint8Array>, options?: ZipEntryOptions): Promise<void> {
    return this.entry(
      name,
      async (writer) => {
        // Leaving the loop early cancels the source, which stops whatever produces it.
        for await (const chunk of source) {
          if (this.closed) return;
          await writer.write(chunk);
        }
      },
      options,
    );
  }

  /** Writes the central directory; the archive is complete once this resolves. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const entry of this.entries) await this.emit(this.centralHeader(entry));
    const size = this.offset - start;
    const count = this.entries.length;
    const zip64 = count >= this.limits.entries || size >= this.limits.bytes || start >= this.limits.bytes;
    if (zip64) await this.emit(this.zip64End(count, size, start));
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    // A field that cannot hold its value says so (all ones); the zip64 end record holds the value.
    end.writeUInt16LE(zip64 ? 0xffff : count, 8);
    end.writeUInt16LE(zip64 ? 0xffff : count, 10);
    end.writeUInt32LE(zip64 ? 0xffffffff : size, 12);
    end.writeUInt32LE(zip64 ? 0xffffffff : start, 16);
    await this.emit(end);
  }

  private storedSink(entry: Written): EntrySink {
    return {
      write: (bytes) => {
        entry.compressed += bytes.length;
        return this.emit(bytes);
      },
      end: () => SETTLED,
      close: () => undefined,
    };
  }

  private deflateSink(entry: Written): EntrySink {
    const deflate = createDeflateRaw({ level: constants.Z_BEST_SPEED });
    deflate.on("data", (chunk: Buffer) => {
      entry.compressed += chunk.length;
      this.offset += chunk.length;
      if (!this.out.write(chunk)) deflate.pause();
    });
    const resume = () => deflate.resume();
    this.out.on("drain", resume);
    const ended = once(deflate, "end");
    // Until end() awaits it, a failure must not count as unhandled.
    ended.catch(() => undefined);
    return {
      write: async (bytes) => {
        if (!deflate.write(bytes)) await this.whileOpen(once(deflate, "drain"));
      },
      end: async () => {
        deflate.end();
        await this.whileOpen(ended);
      },
      close: () => {
        this.out.off("drain", resume);
        if (!deflate.destroyed) deflate.destroy();
      },
    };
  }

  private async emit(bytes: Uint8Array): Promise<void> {
    this.offset += bytes.length;
    if (!this.out.write(bytes)) await this.whileOpen(once(this.out, "drain"));
  }

  /** Waits for `event` unless the reader leaves first (the stream closes: nothing will drain any more). */
  private whileOpen(event: Promise<unknown>): Promise<void> {
    if (this.out.destroyed) {
      // Its "error" may still be on its way: the event's promise would then fail with nobody listening.
      event.catch(() => undefined);
      return Promise.resolve();
    }
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
    header.writeUInt16LE(entry.method, 8);
    header.writeUInt16LE(this.stamp.time, 10);
    header.writeUInt16LE(this.stamp.date, 12);
    // CRC and sizes (offsets 14–25) stay zero: the data descriptor carries them.
    header.writeUInt16LE(entry.name.length, 26);
    return Buffer.concat([header, entry.name]);
  }

  private sizesNeedZip64(entry: Written): boolean {
    return entry.size >= this.limits.bytes || entry.compressed >= this.limits.bytes;
  }

  private descriptor(entry: Written): Buffer {
    if (!this.sizesNeedZip64(entry)) {
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(entry.crc >>> 0, 4);
      descriptor.writeUInt32LE(entry.compressed, 8);
      descriptor.writeUInt32LE(entry.size, 12);
      return descriptor;
    }
    const descriptor = Buffer.alloc(24);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc >>> 0, 4);
    descriptor.writeBigUInt64LE(BigInt(entry.compressed), 8);
    descriptor.writeBigUInt64LE(BigInt(entry.size), 16);
    return descriptor;
  }

  private centralHeader(entry: Written): Buffer {
    // Sizes and offset all move to the zip64 field together when one of them does not fit.
    const zip64 = this.sizesNeedZip64(entry) || entry.offset >= this.limits.bytes;
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(zip64 ? ZIP64_VERSION : ZIP_VERSION, 4);
    header.writeUInt16LE(zip64 ? ZIP64_VERSION : ZIP_VERSION, 6);
    header.writeUInt16LE(UTF8_AND_DESCRIPTOR, 8);
    header.writeUInt16LE(entry.method, 10);
    header.writeUInt16LE(this.stamp.time, 12);
    header.writeUInt16LE(this.stamp.date, 14);
    header.writeUInt32LE(entry.crc >>> 0, 16);
    header.writeUInt32LE(zip64 ? 0xffffffff : entry.compressed, 20);
    header.writeUInt32LE(zip64 ? 0xffffffff : entry.size, 24);
    header.writeUInt16LE(entry.name.length, 28);
    header.writeUInt16LE(zip64 ? 28 : 0, 30);
    header.writeUInt32LE(zip64 ? 0xffffffff : entry.offset, 42);
    if (!zip64) return Buffer.concat([header, entry.name]);
    const extra = Buffer.alloc(28);
    extra.writeUInt16LE(ZIP64_EXTRA, 0);
    extra.writeUInt16LE(24, 2);
    extra.writeBigUInt64LE(BigInt(entry.size), 4);
    extra.writeBigUInt64LE(BigInt(entry.compressed), 12);
    extra.writeBigUInt64LE(BigInt(entry.offset), 20);
    return Buffer.concat([header, entry.name, extra]);
  }

  /** The zip64 end of central directory record, then its locator. */
  private zip64End(count: number, size: number, start: number): Buffer {
    const record = Buffer.alloc(56 + 20);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4); // the record's size after this field
    record.writeUInt16LE(ZIP64_VERSION, 12);
    record.writeUInt16LE(ZIP64_VERSION, 14);
    // Disk numbers (16–23) are zero: one disk.
    record.writeBigUInt64LE(BigInt(count), 24);
    record.writeBigUInt64LE(BigInt(count), 32);
    record.writeBigUInt64LE(BigInt(size), 40);
    record.writeBigUInt64LE(BigInt(start), 48);
    record.writeUInt32LE(0x07064b50, 56);
    record.writeBigUInt64LE(BigInt(this.offset), 64); // where the record starts: nothing has been written since the directory
    record.writeUInt32LE(1, 72);
    return record;
  }
}

/**
 * The archive `write` builds, as a web stream for a response body. A failure mid-way breaks the stream (the download
 * fails rather than ending as a valid but partial archive); a reader that leaves stops the writing.
 */
export function streamZip(write: (zip: ZipStream) => Promise<void>, limits?: Zip64Limits): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  const zip = new ZipStream(out, limits);
  const finish = async () => {
    await write(zip);
    if (zip.closed) return;
    await zip.finish();
    out.end();
  };
  finish().catch((error: unknown) => {
    // A client that left has destroyed the stream already; anything else is a real failure mid-file.
    if (out.destroyed) return;
    console.error(error);
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}
