/**
 * `npm run gallery` entry: Foundry's data classes first (modules the fixtures import extend them at load, as in
 * Foundry), then the build, whose fixture imports are hoisted above anything written in its own file.
 */
import "../../gallery/foundry-data.ts";

await import("./build.ts");
