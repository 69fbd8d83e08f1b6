import { createContext, useContext } from "react";

/** Who is signed in, as features need it: the app feeds it from the session, so features never import the session. */
export interface CurrentAccount {
  userName: string | null;
  ngoId: number | null;
  organizer: boolean;
}

export const AccountContext = createContext<CurrentAccount | null>(null);

export function useCurrentAccount(): CurrentAccount {
  const account = useContext(AccountContext);
  if (!account) throw new Error("useCurrentAccount needs an AccountContext provider");
  return account;
}
