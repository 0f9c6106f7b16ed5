-- Qualified operators: M.+ is one token, of the precedence class of +, so
-- `a i32.+ b i32.* 2` is a + (b * 2); sections of them (i32.*) (i32.- 1)
-- (2 i32.-); `x f32.-1` is `x f32.- 1`, as in Futhark. Field access, numbered
-- fields, projection sections and qualified names are unaffected.
-- ==
-- input { 3i32 4i32 2.5f32 }
-- output { 7i32 12i32 2i32 -2i32 true 11i32 13i32 true false 1i32 1.5f32 0.0f32
--          4i32 3i32 [3i32] 4i32 }

entry main (a: i32) (b: i32) (c: f32) =
  let r = {x = a, y = b}
  in ( a i32.+ b
     , (i32.*) a b
     , (i32.- 1) a
     , (2 i32.- ) b
     , a i32.< b
     , a i32.+ b i32.* 2
     , a i32.* b i32.+ 1
     , a i32.<= b && a i32.!= b
     , a i32.== b || b i32.< a
     , b i32.>> 2
     , c f32.-1f32
     , f32.sin 0f32
     , r.y
     , (a, b).0
     , map (.x) [r]
     , a |> (i32.+ 1) )
