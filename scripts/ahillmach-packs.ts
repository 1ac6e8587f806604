/**
 * `npx vite-node scripts/ahillmach-packs.ts`: write the Ahill-Mach compendium sources (packs-src/ahillmach-*) from
 * the rules core through src/foundry/ahillmach/compendium.ts, then add the packs to system.json if missing. Run it
 * after a change of the rules core's moves, classes, opponents or penchant table; a unit test fails until then.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PACK_MANIFEST, packDocuments } from "../src/foundry/ahillmach/compendium.ts";

const root = join(import.meta.dirname, "..");

for (const [pack, docs] of Object.entries(packDocuments())) {
  const dir = join(root, "packs-src", pack);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const doc of docs) writeFileSync(join(dir, `${String(doc._id)}.json`), `${JSON.stringify(doc, null, 2)}\n`);
  console.log(`${pack}: ${docs.length} document(s)`);
}

const manifestPath = join(root, "system.json");
const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { packs: { name: string }[] };
for (const [name, { label, type }] of Object.entries(PACK_MANIFEST)) {
  if (manifest.packs.some((p) => p.name === name)) continue;
  manifest.packs.push({
    name,
    label,
    path: `packs/${name}`,
    type,
    system: "quintette",
    ownership: { PLAYER: "OBSERVER", ASSISTANT: "OWNER" },
  } as { name: string });
}
writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
