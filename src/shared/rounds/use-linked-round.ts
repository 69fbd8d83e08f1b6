import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { roundChoiceStore } from "./round-choice.store";

/** The query parameter of a link that names its election round (`/answers/details/3/10?round=2`). */
export const ROUND_PARAM = "round";

const linkedRoundOf = (search: string): number | null => {
  const id = Number(new URLSearchParams(search).get(ROUND_PARAM));
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** `href` with the round it belongs to, so that opening it opens that round (see useLinkedRound). */
export function inRound(href: string, roundId: number | null): string {
  if (roundId === null) return href;
  const url = new URL(href, "http://app.invalid");
  url.searchParams.set(ROUND_PARAM, String(roundId));
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * A link that names its round opens that round: the round becomes this tab's choice and the parameter leaves the
 * address (a reload then keeps the choice, and a later switch is not undone by a stale parameter). Answers whether
 * such a link is being taken, during which the shell shows nothing, so that no screen loads in the round before.
 */
export function useLinkedRound(): boolean {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const linked = linkedRoundOf(search);
  useEffect(() => {
    if (linked === null) return;
    roundChoiceStore.trigger.roundChosen({ roundId: linked });
    const params = new URLSearchParams(search);
    params.delete(ROUND_PARAM);
    const rest = params.toString();
    void navigate(`${pathname}${rest ? `?${rest}` : ""}${hash}`, { replace: true });
  }, [linked, pathname, search, hash, navigate]);
  return linked !== null;
}
