import { useLingui } from "@lingui/react/macro";

/** A fact the registry does not hold: a dash, read out as "not given". */
export function MissingFact() {
  const { t } = useLingui();
  return <span aria-label={t({ message: "Not given", comment: "Accessible text of a dash standing for a missing fact" })}>—</span>;
}
