import type { SVGProps } from "react";
import { Tooltip } from "@mantine/core";

type IconProps = Omit<SVGProps<SVGSVGElement>, "children">;

/** Outline icons (24 px grid, stroke 2) drawn inline, as in shared/ui/ListIcons: the project ships no icon package. */
function OutlineIcon({ path, ...props }: IconProps & { path: string }) {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <path d={path} />
    </svg>
  );
}

const GLOBE = "M3 12a9 9 0 1 0 18 0a9 9 0 1 0-18 0M3.6 9h16.8M3.6 15h16.8M11.5 3a17 17 0 0 0 0 18M12.5 3a17 17 0 0 1 0 18";
const PENCIL = "M4 20h4L18.5 9.5a2.83 2.83 0 1 0-4-4L4 16v4M13.5 6.5l4 4";
const GRIP = "M9 5h.01M9 12h.01M9 19h.01M15 5h.01M15 12h.01M15 19h.01";

export const DragHandleIcon = (props: IconProps) => <OutlineIcon path={GRIP} strokeWidth={3} {...props} />;

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
