-- Imports counter.dsl through a path relative to this file's folder.

import "../counter"

def three : ctr.t = ctr.inc (ctr.inc (ctr.inc ctr.zero))
