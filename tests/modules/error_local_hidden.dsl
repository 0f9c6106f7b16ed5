-- A `local` definition of a module is not visible outside it.
-- ==
-- error: error_local_hidden\.dsl:10:29: error: .*'M\.helper'

module M = {
  local def helper (x: i32) = x * 3
  def f (x: i32) = helper x + 1
}

entry main (x: i32) : i32 = M.helper x
