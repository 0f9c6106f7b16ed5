-- assert c e checks c and returns e.
-- ==
-- input { 4i32 } output { 2i32 }
-- input { 0i32 } error: .

entry main (x: i32) : i32 = assert (x > 0) (x / 2)
