-- A module type's parametric `type t [n]` may not be implemented by a type~:
-- users could put its values in arrays.
-- ==
-- error: error_module_size_lifted_constructor\.dsl:7:3: error: type 't' is declared type~ in the module, but its module type declares it type, which does not allow hidden sizes

module M : { type t [n] } =
  { type~ t [n] = ([n]i32, []i32) }
