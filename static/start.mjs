// Starts PyScript (tools/build.py writes the hashed path of its core.js here).
//
// PyScript builds its worker hooks with `Function(...)` as soon as it defines its script
// type, even on a page that starts no worker; that needs 'unsafe-eval' in the page's
// Content-Security-Policy. Tabletown runs Python on the main thread only, so the one
// default worker hook is removed before PyScript defines the type, and the page keeps a
// policy without 'unsafe-eval'. (Runs before the definition: PyScript defines its types
// only once its plugins have been imported, after this module has run.)
import { hooks } from "./vendor/pyscript/core.js";

for (const set of Object.values(hooks.worker)) set.clear();
