import { Loader } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";

/** Shown while the code of the first screen loads. */
export function RouteLoading() {
  const { t } = useLingui();
  return (
    <div style={{ display: "grid", placeItems: "center", minHeight: "100dvh" }}>
      <Loader aria-label={t({ id: "LOADING", message: "Loading" })} />
    </div>
  );
}
