import { Navigate, Outlet } from "react-router";
import { useSelector } from "@xstate/react";
import { useSession } from "../features/session/session-context";
import { selectIsLoggedIn } from "../features/session/session.selectors";

/** Lets a route through only while a token exists; otherwise sends the visitor to /login. */
export function RequireSession() {
  const loggedIn = useSelector(useSession(), selectIsLoggedIn);
  return loggedIn ? <Outlet /> : <Navigate to="/login" replace />;
}

/** Lets a route through only while no token exists (used for /login). */
export function RequireLoggedOut() {
  const loggedIn = useSelector(useSession(), selectIsLoggedIn);
  return loggedIn ? <Navigate to="/urgents" replace /> : <Outlet />;
}
