import { routes } from "./route-table";
import { SignedInRouter } from "./SignedInRouter";

/** The signed-in app: the lazily loaded chunk's entry (./signed-in-chunk.ts). */
export function SignedInRoutes() {
  return <SignedInRouter routes={routes} />;
}
