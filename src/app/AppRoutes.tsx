import { Suspense, useLayoutEffect, type ComponentType } from "react";
import { useSelector } from "@xstate/react";
import { LoginPage } from "../features/session/LoginPage";
import { useSession } from "../features/session/session-context";
import { selectIsLoggedIn } from "../features/session/session.selectors";
import { RouteLoading } from "./RouteLoading";
import { paths } from "../shared/paths";

/** /login is the only address of a logged-out visitor: any other one is replaced by it. */
function LoginRoute() {
  useLayoutEffect(() => {
    if (window.location.pathname !== paths.login.href()) window.history.replaceState(null, "", paths.login.href());
  }, []);
  return <LoginPage />;
}

/**
 * The session guard at the top of the route table: a token lets the visitor into the signed-in routes (`signedIn`:
 * the app's lazy chunk, or in a test the features it visits; there /login itself redirects to /urgents), no token
 * shows /login. Signing in, out, or a 401 switches between the two.
 */
export function AppRoutes({ signedIn: SignedIn }: { signedIn: ComponentType }) {
  const loggedIn = useSelector(useSession(), selectIsLoggedIn);
  return loggedIn ? (
    <Suspense fallback={<RouteLoading />}>
      <SignedIn />
    </Suspense>
  ) : (
    <LoginRoute />
  );
}
