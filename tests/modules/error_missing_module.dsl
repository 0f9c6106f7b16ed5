-- A module that lacks a module its module type requires.
-- ==
-- error: error_missing_module\.dsl:10:16: error: .*does not define module 'N'
-- error: error_missing_module\.dsl:7:3: note: 'N' is required here

module type S = {
  module N: { val k: i32 }
}

module M : S = {
  def k = 1i32
}

entry main (x: i32) : i32 = x
