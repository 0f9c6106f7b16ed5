-- A qualified name through a nested module that does not exist.
-- ==
-- error: error_unknown_nested_module\.dsl:7:29: error: unknown module 'A\.C'

module A = { module B = { def f (x: i32) = x } }

entry main (x: i32) : i32 = A.C.f x
