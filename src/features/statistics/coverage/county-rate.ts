import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";

/** A rate as the locale writes it, at most one decimal. */
export const formatRate = (i18n: I18n, rate: number) => i18n.number(rate, { maximumFractionDigits: 1 });

/** A county's tile and table link, in words: "Cluj: 12 irregularities per 100 observed stations". */
export function rateLabel(i18n: I18n, county: string, rate: number | null): string {
  if (rate === null) return i18n._(msg({ message: `${county}: no observed stations`, comment: "County tile with nothing observed yet" }));
  return i18n._(
    msg`${plural(rate, {
      one: `${county}: # irregularity per 100 observed stations`,
      other: `${county}: # irregularities per 100 observed stations`,
    })}`,
  );
}
