-- A value specification needs a colon before its type.
-- ==
-- error: unexpected identifier 'i32', expected type parameter, '\[' or ':'

module type S = { val x i32 }
