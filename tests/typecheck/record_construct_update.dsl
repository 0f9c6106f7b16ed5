-- Records: construction, field punning, functional update of a field and of a nested field.
-- ==
-- input { 3i32 } output { 3i32 true 7i32 2.0f64 }

entry main (n: i32) : (i32, bool, i32, f64) =
  let r = {count = n, flag = false, inner = {a = 1, b = 2.0}}
  let r2 = r with flag = true
  let r3 = r2 with inner.a = 7
  in (r3.count, r3.flag, r3.inner.a, r3.inner.b)
