import { build } from "vite";
const sizes = {};
await build({ logLevel: "silent", build: { write: false, minify: "esbuild" }, plugins: [{ name: "s", generateBundle(_o, b) { for (const c of Object.values(b)) if (c.type === "chunk") for (const [id, m] of Object.entries(c.modules)) sizes[id.replace(process.cwd() + "/", "")] = m.renderedLength; } }] });
const rows = Object.entries(sizes).sort((a, b) => b[1] - a[1]);
for (const [id, n] of rows) console.log(n, id);
