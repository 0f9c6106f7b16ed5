-- A member that the module type does not state is hidden outside an opaque module.
-- ==
-- error: error_opaque_hides_member\.dsl:17:23: error: .*'M\.helper'

module type S = {
  type t
  val make: i32 -> t
}

module M : S = {
  type t = i32
  def helper (x: i32) = x * 3
  def make (x: i32) : t = helper x
}

entry main (x: i32) : i32 =
  let y = M.make x in M.helper 2
