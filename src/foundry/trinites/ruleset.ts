/** The whole Trinités descriptor (registration and runtime), as tests and the registry see it. */
import { composeDescriptor } from "../ruleset.ts";
import { registration } from "./registration.ts";
import { runtime } from "./runtime.ts";

export { TRINITES_PACKS } from "./registration.ts";
export const descriptor = composeDescriptor(registration, runtime);
export { descriptor as ruleset };
