import { useMemo, type ReactNode } from "react";
import { useSelector } from "@xstate/react";
import { useSession } from "../features/session/session-context";
import { selectIsOrganizer, selectNgoId, selectUserName } from "../features/session/session.selectors";
import { AccountContext } from "../shared/account/account-context";

/** Hands the signed-in account to the features, read from the session actor. */
export function AccountProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const userName = useSelector(session, selectUserName);
  const ngoId = useSelector(session, selectNgoId);
  const organizer = useSelector(session, selectIsOrganizer);
  const account = useMemo(() => ({ userName, ngoId, organizer }), [userName, ngoId, organizer]);
  return <AccountContext value={account}>{children}</AccountContext>;
}
