-- Arrays of records: built with map, reduced with an operator on records, indexed,
-- updated in place with a new record, filtered, and a record holding an array field.
-- ==
-- input { [1f32, 2f32, 3f32] [2f32, 1f32, 1f32] }
-- output { 4f32 7f32 [1f32, 9f32, 3f32] [2f32, 1f32] 3i64 6f32 }
type body = {pos: f32, mass: f32}

entry main [n] (ps: [n]f32) (ms: [n]f32) =
  let bodies : [n]body = map2 (\p m -> {pos = p, mass = m}) ps ms
  let total = reduce (\a b -> {moment = a.moment + b.moment, mass = a.mass + b.mass})
                     {moment = 0, mass = 0} (map (\b -> {moment = b.pos * b.mass, mass = b.mass}) bodies)
  let moved = copy bodies with [1] = {pos = 9, mass = bodies[1].mass}
  let heavy = filter (\b -> b.mass >= 1) bodies
  let holder = {items = ps, count = n}
  in (total.mass, total.moment, map (.pos) moved, map (.mass) (filter (\b -> b.pos < 3) heavy),
      holder.count, f32.sum holder.items)
