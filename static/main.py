# The page's entry point: PyScript runs this once the runtime has loaded.
from tabletown.web.app import start

start()
