import { SegmentedControl } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";

export type ViewMode = "LIST" | "CARD";

interface ViewModeControlProps {
  value: ViewMode;
  onChange: (mode: ViewMode) => void;
}

/** Switches a list between a table (LIST) and cards (CARD). */
export function ViewModeControl({ value, onChange }: ViewModeControlProps) {
  const { t } = useLingui();
  return (
    <SegmentedControl
      value={value}
      onChange={(mode) => onChange(mode === "CARD" ? "CARD" : "LIST")}
      aria-label={t({ message: "View mode", comment: "Accessible name of the table/cards switch of a list" })}
      data={[
        { value: "LIST", label: t({ id: "LIST", message: "Table", comment: "View mode: rows in a table" }) },
        { value: "CARD", label: t({ id: "CARD", message: "Cards", comment: "View mode: one card per item" }) },
      ]}
    />
  );
}
