-- A section path is checked step by step: after [0] the element is an i32, which has
-- no fields.
-- ==
-- error: error_section_path_field\.dsl:7:14: error: a value of type i32 has no field 'f'

entry main (rs: []{a: [3]i32}) : []i32 =
  map (.a[0].f) rs
