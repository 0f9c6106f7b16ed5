-- A hole (???) is reported with the type it must have.
-- ==
-- error: 5:51: error: hole of type \[3\]i32

entry main (x: i32) : [3]i32 = map (+ x) (let y = ??? in y)
