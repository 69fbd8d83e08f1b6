import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { ReviewState } from "./triage.types";

export const reviewStateLabels: Record<ReviewState, MessageDescriptor> = {
  new: msg({ message: "New", comment: "A thread's review state: nobody has looked at it yet" }),
  in_progress: msg({ message: "In progress", comment: "A thread's review state" }),
  resolved: msg({ message: "Resolved", comment: "A thread's review state" }),
};
