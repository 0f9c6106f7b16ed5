-- Imported by lib/reexport_b.dsl.
def a = 1i32
