import { useLocalStorage } from "@mantine/hooks";
import type { ViewMode } from "../../shared/ui/ViewModeControl";

export const OBSERVERS_VIEW_MODE_KEY = "observers.viewMode";

/** The observers list's view mode, remembered across visits. */
export function useObserverViewMode() {
  return useLocalStorage<ViewMode>({
    key: OBSERVERS_VIEW_MODE_KEY,
    defaultValue: "LIST",
    getInitialValueInEffect: false,
    deserialize: (value) => (value === "CARD" ? "CARD" : "LIST"),
    serialize: (value) => value,
  });
}
