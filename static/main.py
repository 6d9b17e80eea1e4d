# The page's entry point: PyScript runs this once the runtime has loaded (the build writes
# it into index.html). The time marks are read by the load benchmark.
import js

js.window.pyMainAt = js.performance.now()
from tabletown.web.app import start  # noqa: E402

js.window.pyImportedAt = js.performance.now()
start()
