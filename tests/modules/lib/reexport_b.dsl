-- Imports lib/reexport_a.dsl, whose names it sees but does not export.
import "reexport_a"
def b = a + 1
