import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ElectionRound } from "./rounds.actors";

export const roundStatusLabels: Record<ElectionRound["status"], MessageDescriptor> = {
  preparing: msg({ message: "Preparing", context: "election round", comment: "Status of an election round: organizers are building it; observers do not see it yet" }),
  active: msg({ message: "Active", context: "election round", comment: "Status of an election round: observers report into it" }),
  archived: msg({ message: "Archived", context: "election round", comment: "Status of an election round: read-only" }),
};
