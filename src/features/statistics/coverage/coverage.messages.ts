import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import type { CoverageMeasure } from "./coverage.actors";
import type { CoverageColumn } from "./coverage-sort.store";

/** The board's column headers. */
export const COLUMN_LABELS: Record<CoverageColumn, MessageDescriptor> = {
  county: msg({ message: "County", comment: "Coverage board column" }),
  stations: msg({ message: "Stations", comment: "Coverage board column: all polling stations of the county" }),
  assigned: msg({ message: "Assigned", context: "stations", comment: "Coverage board column: active stations with at least one observer assigned to them" }),
  assignedNotArrived: msg({
    message: "Assigned, not arrived",
    comment: "Coverage board column: assigned stations where none of the assigned observers has arrived or reported yet",
  }),
  unobserved: msg({ message: "Unobserved", comment: "Coverage board column: stations with no observer yet" }),
  observed: msg({ message: "Observed", comment: "Coverage board column: stations where an observer arrived" }),
  opened: msg({ message: "Opened", comment: "Coverage board column: stations that sent the opening form" }),
  reporting: msg({ message: "Reporting", comment: "Coverage board column: stations with any answer" }),
  counted: msg({ message: "Counted", comment: "Coverage board column: stations that sent the counting form" }),
  silent: msg({ message: "Silent", comment: "Coverage board column: observed stations that sent nothing for a while" }),
};

/** The measures a station list can show, as the URL names them. */
export const COVERAGE_MEASURES: readonly CoverageMeasure[] = ["observed", "unobserved", "assigned", "assignedNotArrived", "opened", "reporting", "counted", "silent"];

export const isCoverageMeasure = (value: string | undefined): value is CoverageMeasure =>
  (COVERAGE_MEASURES as readonly string[]).includes(value ?? "");

/** The heading of the stations behind one number, e.g. "Silent stations in Cluj (nothing for more than 30 minutes)". */
export function stationListTitle(i18n: I18n, measure: CoverageMeasure, county: string, silentMinutes: number): string {
  switch (measure) {
    case "observed":
      return i18n._(msg`Stations with an observer in ${county}`);
    case "unobserved":
      return i18n._(msg`Stations without an observer in ${county}`);
    case "assigned":
      return i18n._(msg({ message: `Stations in ${county} with an assigned observer`, comment: "Heading of a coverage station list" }));
    case "assignedNotArrived":
      return i18n._(
        msg({ message: `Stations in ${county} where no assigned observer has arrived`, comment: "Heading of a coverage station list: the observers to call" }),
      );
    case "opened":
      return i18n._(msg`Stations in ${county} that sent the opening form`);
    case "reporting":
      return i18n._(msg`Stations in ${county} that sent answers`);
    case "counted":
      return i18n._(msg`Stations in ${county} that sent the counting form`);
    case "silent":
      return i18n._(
        msg`${plural(silentMinutes, {
          one: `Silent stations in ${county} (nothing for more than # minute)`,
          other: `Silent stations in ${county} (nothing for more than # minutes)`,
        })}`,
      );
  }
}
