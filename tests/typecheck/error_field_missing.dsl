-- Projecting a field that a record does not have.
-- ==
-- error: error_field_missing\.dsl:7:6: error: a value of type \{a: i32, b: .*\} has no field 'c'

entry main (x: i32) : i32 =
  let r = {a = x, b = 2}
  in r.c
