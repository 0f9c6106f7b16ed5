-- A map whose row is made by an inner map (the rows form could flatten it) but whose
-- body also reduces the row is group code, one work-group per row: the rows form would
-- run the reduction once per element of the row (Note [rows of known length] in
-- src/lower/forms.c; bench/soacs-opencl's rownorm ran 240x slower when it took that
-- form). Group code with a reduction takes one row per work-group, in two versions.
-- ==
-- input { [[1f32, 3f32], [2f32, 2f32]] }
-- output { [[0.25f32, 0.75f32], [0.5f32, 0.5f32]] }
-- input { empty([0][2]f32) }
-- output { empty([0][2]f32) }
-- structure kernels { global 0 group 2 host 0 }
entry main [n][m] (xss: [n][m]f32) : [n][m]f32 =
  map (\r -> let s = reduce (+) 0 r in map (\x -> x / s) r) xss
