// @ts-check
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import prettier from "eslint-config-prettier";
import globals from "globals";
import path from "node:path";

const RULES_DIR = path.resolve("src/rules");
/** Local rule: every import in src/rules resolves inside src/rules (vitest and fast-check allowed in tests). */
const rulesCoreIsolation = {
  meta: { type: "problem", schema: [] },
  create(context) {
    const check = (node) => {
      if (!node.source || typeof node.source.value !== "string") return;
      const spec = node.source.value;
      const isTest = /\.(test|bench)\.ts$/.test(context.filename);
      if (!spec.startsWith(".")) {
        if (isTest && (spec === "vitest" || spec === "fast-check")) return;
        context.report({ node, message: `src/rules may not import "${spec}": the rules core is pure.` });
        return;
      }
      const target = path.resolve(path.dirname(context.filename), spec);
      if (target !== RULES_DIR && !target.startsWith(RULES_DIR + path.sep)) {
        context.report({ node, message: `src/rules may not import "${spec}", which lies outside src/rules.` });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/** Foundry's globals: the rules core must never reach for them. */
const FOUNDRY_GLOBALS = [
  "game",
  "CONFIG",
  "foundry",
  "Hooks",
  "ui",
  "canvas",
  "Roll",
  "ChatMessage",
  "Actor",
  "Item",
  "Combat",
  "Combatant",
  "Token",
  "TokenDocument",
  "User",
  "Folder",
  "Dialog",
  "Handlebars",
  "CONST",
  "fromUuid",
  "fromUuidSync",
  "socketlib",
  "document",
  "window",
];

export default tseslint.config(
  { ignores: ["dist/", "packs/", "gallery-dist/", "test-results/", "node_modules/", "coverage/", ".typecheck-v14/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/ban-ts-comment": ["error", { "ts-expect-error": "allow-with-description" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    // The rules core is pure: no Foundry, no DOM, nothing outside src/rules, no randomness of its own.
    files: ["src/rules/**/*.ts"],
    languageOptions: { globals: {} },
    plugins: { quintette: { rules: { "rules-core-isolation": rulesCoreIsolation } } },
    rules: {
      "no-restricted-globals": [
        "error",
        ...FOUNDRY_GLOBALS.map((name) => ({ name, message: "The rules core is pure: no Foundry or DOM global." })),
      ],
      "quintette/rules-core-isolation": "error",
      "no-restricted-properties": [
        "error",
        { object: "Math", property: "random", message: "The rules core takes dice faces; it never rolls." },
      ],
    },
  },
);
