import { DEMO_COUNTIES } from "../../content/counties.ts";
import { DEMO_NGOS } from "../../content/ngos.ts";
import { lookUpFormIds, type FormIds } from "../../write/forms.ts";
import { lookUpStations } from "../../write/geography.ts";
import type { Ids, Tx } from "../../write/ids.ts";
import type { NgoIds } from "../../write/ngos.ts";
import { DEMO_ROUND } from "../../write/round.ts";
import { SCALE_NGOS } from "../content.ts";

/** The ids every chunk of the dataset needs, read back by natural key from what the demo and the NGO step wrote. */
export interface DatasetIds {
  ngos: NgoIds;
  /** Every station, by `stationKey`. */
  stations: Ids;
  forms: FormIds;
}

export async function lookUpDataset(trx: Tx): Promise<DatasetIds> {
  const positions = new Map([...DEMO_NGOS, ...SCALE_NGOS].map((ngo, index) => [ngo.shortName as string, index + 1]));
  const ngos = await trx.selectFrom("ngo").select(["id", "shortName"]).execute();
  const admins = await trx.selectFrom("ngoAdmin").select(["id", "account"]).execute();
  const counties = await trx.selectFrom("county").select(["id", "code"]).execute();
  const everyStation = DEMO_COUNTIES.flatMap((county) => Array.from({ length: county.limit }, (_, index) => ({ county: county.code, number: index + 1 })));
  return {
    ngos: {
      ngos: new Map(ngos.filter((ngo) => positions.has(ngo.shortName)).map((ngo) => [positions.get(ngo.shortName)!, ngo.id])),
      admins: new Map(admins.map((admin) => [admin.account, admin.id])),
    },
    stations: await lookUpStations(trx, DEMO_ROUND, everyStation, new Map(counties.map((county) => [county.code, county.id]))),
    forms: await lookUpFormIds(trx, DEMO_ROUND),
  };
}
