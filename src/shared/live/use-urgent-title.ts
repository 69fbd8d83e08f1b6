import { useEffect } from "react";

const COUNT_PREFIX = /^\(\d+\) /;
const withoutCount = (title: string) => title.replace(COUNT_PREFIX, "");

/** Prefixes the tab's title with `(count) ` while count > 0, keeping whatever title the app set. */
export function useUrgentCountTitle(count: number | null): void {
  useEffect(() => {
    const title = withoutCount(document.title);
    document.title = count ? `(${count}) ${title}` : title;
  }, [count]);
  useEffect(
    () => () => {
      document.title = withoutCount(document.title);
    },
    [],
  );
}
