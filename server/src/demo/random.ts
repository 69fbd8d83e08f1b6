import { ELECTION_DAY } from "./content/calendar.ts";

/** mulberry32: tiny, fast, and the same sequence on every platform, so every seed run draws the same demo. */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(probability: number): boolean {
    return this.next() < probability;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  /** A time on election day between two hours (UTC, fractional), to the second. */
  timeBetween(fromHour: number, toHour: number): Date {
    const seconds = this.int(Math.round(fromHour * 3600), Math.round(toHour * 3600));
    return new Date(ELECTION_DAY + seconds * 1000);
  }
  hex(length: number): string {
    let out = "";
    while (out.length < length) out += this.int(0, 15).toString(16);
    return out;
  }
}

/** The inverse of `timeBetween`: hours after midnight UTC of election day. */
export const hourOf = (date: Date) => (date.getTime() - ELECTION_DAY) / 3_600_000;
