-- Several `-- ==` blocks in one file, as Futhark's test programs often have (one block
-- above each entry point): every block is read, and each starts again with the default
-- entry point main.
-- ==
-- entry: double
-- input { 2 } output { 4 }

entry double (x: i32) = x * 2

-- ==
-- input { 2 } output { 3 }

entry main (x: i32) = x + 1

-- ==
-- entry: triple
-- input { 2 } output { 6 }
-- input { 0 } output { 0 }

entry triple (x: i32) = x * 3
