import type { SVGProps } from "react";

type IconProps = Omit<SVGProps<SVGSVGElement>, "children">;

/** Outline icons (24 px grid, stroke 2) drawn inline: the project ships no icon package. Decorative: the control names itself. */
export function OutlineIcon({ path, ...props }: IconProps & { path: string }) {
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

export const ListRefreshIcon = (props: IconProps) => (
  <OutlineIcon path="M20 11a8.1 8.1 0 0 0-15.5-2m-.5-4v4h4M4 13a8.1 8.1 0 0 0 15.5 2m.5 4v-4h-4" {...props} />
);

export const ListMoreIcon = (props: IconProps) => (
  <OutlineIcon path="M5 12h.01M12 12h.01M19 12h.01" strokeWidth={3} {...props} />
);

export const ListSortAscendingIcon = (props: IconProps) => <OutlineIcon path="M6 15l6-6 6 6" {...props} />;

export const ListSortDescendingIcon = (props: IconProps) => <OutlineIcon path="M6 9l6 6 6-6" {...props} />;

export const ListUnsortedIcon = (props: IconProps) => <OutlineIcon path="M8 9l4-4 4 4M16 15l-4 4-4-4" {...props} />;

/** The grip of a drag handle (lists and the form editor). */
export const DragHandleIcon = (props: IconProps) => (
  <OutlineIcon path="M9 5h.01M9 12h.01M9 19h.01M15 5h.01M15 12h.01M15 19h.01" strokeWidth={3} {...props} />
);
