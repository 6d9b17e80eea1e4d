// Brotli copies for tools/build.py: `node tools/compress.mjs SRC DEST [SRC DEST ...]`.
// Node's own zlib has brotli, so the build needs no extra package. Quality 11 is the
// slowest and smallest; the build caches the results by content, so it runs once.
import { readFileSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";

const args = process.argv.slice(2);
for (let i = 0; i + 1 < args.length; i += 2) {
  const data = readFileSync(args[i]);
  const packed = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      [constants.BROTLI_PARAM_LGWIN]: 24,
    },
  });
  writeFileSync(args[i + 1], packed);
}
