/// <reference types="vite/client" />
interface ImportMetaEnv {
  /** API base address; "" (the default) means same origin as the SPA. */
  readonly VITE_API_BASE_URL?: string;
  readonly VITE_INSPECT?: string;
  readonly VITE_OBSERVER_GUIDE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
