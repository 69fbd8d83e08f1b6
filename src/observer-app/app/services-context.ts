import { createContext, useContext } from "react";
import type { ObserverServices } from "./observer-services";

export const ServicesContext = createContext<ObserverServices | null>(null);

/** The app's services (composition root), for views to read actors and the store and to make writes. */
export function useServices(): ObserverServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error("useServices needs a ServicesContext provider");
  return services;
}
