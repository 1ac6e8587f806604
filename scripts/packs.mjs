// Compile compendium sources (packs-src/<pack>/*.json) into Foundry's LevelDB packs (packs/<pack>/).
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { compilePack } from "@foundryvtt/foundryvtt-cli";

const root = new URL("..", import.meta.url).pathname;
const src = join(root, "packs-src");
const out = join(root, "packs");
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
if (existsSync(src)) {
  for (const pack of readdirSync(src)) {
    if (!statSync(join(src, pack)).isDirectory()) continue;
    await compilePack(join(src, pack), join(out, pack), { recursive: true, log: false });
    console.log(`pack ${pack} compiled`);
  }
}
