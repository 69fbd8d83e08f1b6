import { useEffect, useState } from "react";
import { createBrowserRouter, RouterProvider, type DataRouter, type RouteObject } from "react-router";

/**
 * A data router over `routes`, because pages with unsaved drafts block navigation (useBlocker needs one). It is
 * created in an effect so that unmounting (and StrictMode's second mount) disposes of its history listener.
 */
export function SignedInRouter({ routes }: { routes: RouteObject[] }) {
  const [router, setRouter] = useState<DataRouter | null>(null);
  useEffect(() => {
    const created = createBrowserRouter(routes);
    // The router is an external system (it listens to history): it is made and disposed with the effect.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setRouter(created);
    return () => created.dispose();
  }, [routes]);
  return router ? <RouterProvider router={router} /> : null;
}
