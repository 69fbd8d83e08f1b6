import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "@mantine/core";
import { useCurrentAccount } from "../account/account-context";
import { paths, type AuditQuery } from "../paths";

interface AuditHistoryLinkProps {
  subjectType: NonNullable<AuditQuery["subjectType"]>;
  subjectId: number;
  /** The label, in the caller's words: shared code keeps its own words out of the login route's catalog. */
  children: ReactNode;
}

/** A record's page links to the activity log narrowed to that record, for organizers: nobody else may read the log. */
export function AuditHistoryLink({ subjectType, subjectId, children }: AuditHistoryLinkProps) {
  const { organizer } = useCurrentAccount();
  if (!organizer) return null;
  return (
    <Button component={Link} to={paths.audit.href({ subjectType, subjectId })} variant="subtle" style={{ flexShrink: 0 }}>
      {children}
    </Button>
  );
}
