// The lazily loaded entry of /formulare (src/app/route-table.tsx): the list itself lives in ./list.
export { FormList } from "./list/FormList";
