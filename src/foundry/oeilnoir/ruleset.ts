/** The whole L'Œil Noir descriptor (registration and runtime), as tests and the registry see it. */
import { composeDescriptor } from "../ruleset.ts";
import { registration } from "./registration.ts";
import { runtime } from "./runtime.ts";

export { OEILNOIR_PACKS } from "./registration.ts";
export const descriptor = composeDescriptor(registration, runtime);

/** The entry discovers rule sets by this name. */
export const ruleset = descriptor;
