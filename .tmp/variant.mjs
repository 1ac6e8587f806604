import { build } from "vite";
import { gzipSync } from "node:zlib";
const variants = {
  keepNames: { esbuild: { keepNames: true }, build: { minify: "esbuild" } },
  noKeep: { esbuild: { keepNames: false }, build: { minify: "esbuild" } },
  noIdent: { esbuild: { keepNames: false, minifyIdentifiers: false }, build: { minify: "esbuild" } },
  terserKeep: { esbuild: { keepNames: false }, build: { minify: "terser", terserOptions: { keep_classnames: true, keep_fnames: false } } },
};
for (const [k, v] of Object.entries(variants)) {
  try {
  const out = await build({ logLevel: "silent", ...v, build: { ...v.build, write: false, sourcemap: false } });
  const code = (Array.isArray(out) ? out[0] : out).output.find((o) => o.type === "chunk").code;
  console.log(k, code.length, gzipSync(code).length);
  } catch (e) { console.log(k, e.message.slice(0, 100)); }
}
