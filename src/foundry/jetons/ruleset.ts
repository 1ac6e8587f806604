/** The whole Jetons descriptor (registration and runtime), as tests and the registry see it. */
import { composeDescriptor } from "../ruleset.ts";
import { registration } from "./registration.ts";
import { runtime } from "./runtime.ts";

export const descriptor = composeDescriptor(registration, runtime);

/** The entry discovers descriptors under this name. */
export const ruleset = descriptor;
