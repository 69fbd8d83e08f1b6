import { Tooltip } from "@mantine/core";
import { OutlineIcon } from "../../../shared/ui/ListIcons";

const GLOBE = "M3 12a9 9 0 1 0 18 0a9 9 0 1 0-18 0M3.6 9h16.8M3.6 15h16.8M11.5 3a17 17 0 0 0 0 18M12.5 3a17 17 0 0 1 0 18";
const PENCIL = "M4 20h4L18.5 9.5a2.83 2.83 0 1 0-4-4L4 16v4M13.5 6.5l4 4";

/** A yes/no column's "yes": an icon named for screen readers and explained by a tooltip on hover. */
function FlagIcon({ path, label }: { path: string; label: string }) {
  return (
    <Tooltip label={label} withinPortal={false}>
      <span role="img" aria-label={label} style={{ display: "inline-flex" }}>
        <OutlineIcon path={path} />
      </span>
    </Tooltip>
  );
}

export const DiasporaIcon = ({ label }: { label: string }) => <FlagIcon path={GLOBE} label={label} />;

export const DraftIcon = ({ label }: { label: string }) => <FlagIcon path={PENCIL} label={label} />;
