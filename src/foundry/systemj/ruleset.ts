/** The whole SYSTEMJ descriptor (registration and runtime), as tests and the registry see it. */
import { composeDescriptor } from "../ruleset.ts";
import { damageApplier } from "./actions.ts";
import { registration } from "./registration.ts";
import { runtime } from "./runtime.ts";

export const descriptor = composeDescriptor(registration, runtime);

/** The entry discovers `ruleset` exports (src/index.ts). */
export const ruleset = descriptor;
export { damageApplier };
