-- A UTF-8 byte order mark at the start of a file is skipped, as Futhark and C
-- compilers do.
-- ==
-- input { 2i32 } output { 3i32 }

entry main (x: i32) = x + 1
