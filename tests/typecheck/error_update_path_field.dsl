-- A field that the element's record does not have, in the middle of an update path.
-- ==
-- error: error_update_path_field\.dsl:7:18: error: a value of type \{x: i32, y: i32\} has no field 'z'

entry main (ps: *[]{x: i32, y: i32}) : []{x: i32, y: i32} =
  let q = 1i32
  in ps with [0].z = q
