import { useMediaQuery } from "@mantine/hooks";

/** Narrower than Mantine's "sm" breakpoint (48em): a phone, where wide tables give way to cards. */
export const SMALL_SCREEN_QUERY = "(max-width: 47.99em)";

/** Read on the first render (not in an effect), so a phone never flashes the table before the cards. */
export function useSmallScreen(): boolean {
  return useMediaQuery(SMALL_SCREEN_QUERY, false, { getInitialValueInEffect: false });
}
