import { paths } from "../../../shared/paths";

/** The urgent answers of one county: where a tile or its table row leads. */
export const countyUrgentsHref = (county: string) => paths.urgents.href({ county });

/** The answers sent from one station: where a station of a coverage list leads. */
export const stationAnswersHref = (county: string, pollingStationNumber: number) => paths.answers.href({ county, pollingStationNumber });
