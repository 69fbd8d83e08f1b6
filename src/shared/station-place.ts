/** Where a station is, as its registry names it: "Cluj-Napoca, Str. Onisifor Ghibu nr. 21"; empty when unknown. */
export const stationPlace = (station: { locality: string | null; address: string | null }) =>
  [station.locality, station.address].filter(Boolean).join(", ");
