-- `local open M` in a module does not make M's members members of the module.
-- ==
-- error: error_local_open_hidden\.dsl:12:29: error: .*'N\.f'

module M = { def f (x: i32) = x + 1 }

module N = {
  local open M
  def h (x: i32) = f x * 2
}

entry main (x: i32) : i32 = N.f x
