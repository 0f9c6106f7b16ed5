-- Entry points belong to the program's top level, not to modules.
-- ==
-- error: entry points may not be declared inside modules
module M = { entry inner (x: i32) : i32 = x + 1 }
entry main (x: i32) : i32 = M.inner x
