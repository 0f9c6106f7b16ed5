-- Full unrolling of loops: a for loop of constant bound up to 16 whose body holds no
-- loop or SOAC becomes that many copies of its body, index by index, each copy's
-- parameters the previous copy's results; then the constant indices fold. #[unroll]
-- unrolls a loop of any constant bound (here 20); a loop of 17 passes without it stays.
-- After simplification `main` has no loop left but the one of 17 passes, and reads
-- xs[0] ... xs[3] once each.
-- Structure after simplification (dump --after simplify --structure): copy 1, loop 1, update 4
-- ==
-- structure { loop 1 map 0 }
-- input { [1i32, 2i32, 3i32, 4i32] } output { 30i32 50i32 [4i32, 3i32, 2i32, 1i32] 17i32 }
entry main (xs: [4]i32) =
  let sq = loop acc = 0 for i < 4 do acc + xs[i] * xs[i]
  let s20 = #[unroll] loop acc = 0 for i < 20 do acc + xs[i % 4]
  let rev = loop ys = copy xs for i < 2 do
              let t = ys[i]
              let ys[i] = ys[3 - i]
              let ys[3 - i] = t
              in ys
  let n17 = loop c = 0 for _i < 17 do c + 1
  in (sq, s20, rev, n17)
