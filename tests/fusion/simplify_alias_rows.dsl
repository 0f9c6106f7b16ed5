-- A read of a whole row of an array literal (or of a replicated array) stays a read,
-- though the row is known: the read is a view of the literal, which the program may
-- update in place (consuming the literal), while the row's own array is used elsewhere.
-- Binding the read to the row would make `a` itself the array updated in place, while
-- it is used after (breaking the IR's rule that consumption is the last use). After
-- simplification the two row reads and their updates stay; the reads of single
-- elements fold to x + 2 and x + 1.
-- Structure after simplification (dump --after simplify --structure; fusion then
-- merges maps of the same width, so the stanza counts after fusion):
--   array 3, replicate 1, update 2
-- ==
-- structure { array 3 replicate 1 update 2 }
-- input { 5i32 } output { [100i32, 6i32, 7i32] [5i32, 6i32, 7i32] [200i32, 5i32] 7i32 6i32 }
entry main (x: i32) =
  let a = [x, x + 1, x + 2]
  let m = [a, a]
  let e = m[0, 2]
  let r = m[1] with [0] = 100
  let b = [x, x]
  let rep = replicate 3 b
  let f = rep[1, 1] + 1
  let s = rep[2] with [0] = 200
  in (r, a, s, e, f)
