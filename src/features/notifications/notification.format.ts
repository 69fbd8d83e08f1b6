/** The polling-station numbers of a county, 1..limit, as a select's options. */
export function stationOptions(limit: number, from = 1): string[] {
  return Array.from({ length: Math.max(0, limit - from + 1) }, (_, index) => String(from + index));
}
