-- Imports counter.dsl from the same folder and makes a value of its abstract type.

import "counter"

def two : ctr.t = ctr.inc (ctr.inc ctr.zero)
