import { useLocalStorage } from "@mantine/hooks";
import { useSmallScreen } from "../../shared/ui/small-screen";
import type { ViewMode } from "../../shared/ui/ViewModeControl";

export const OBSERVERS_VIEW_MODE_KEY = "observers.viewMode";

/**
 * The observers list's view mode: the choice remembered from an earlier visit, else cards on small screens and
 * the table on wider ones (following the screen until the user picks one).
 */
export function useObserverViewMode() {
  // No default value: with one, the hook would store it on mount, and a stored value counts as a choice.
  const [remembered, remember] = useLocalStorage<ViewMode | undefined>({
    key: OBSERVERS_VIEW_MODE_KEY,
    getInitialValueInEffect: false,
    deserialize: (value) => (value === "CARD" || value === "LIST" ? value : undefined),
    serialize: (value) => value ?? "",
  });
  // The table needs 720 px: on a phone it would scroll sideways with the NGO column cut off.
  const smallScreen = useSmallScreen();
  const viewMode: ViewMode = remembered ?? (smallScreen ? "CARD" : "LIST");
  return [viewMode, (mode: ViewMode) => remember(mode)] as const;
}
