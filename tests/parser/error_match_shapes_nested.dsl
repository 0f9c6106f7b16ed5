-- Shapes agree inside the cases too: a literal where another case has a record.
-- ==
-- error: 8:12: error: this pattern does not have the shape of the record pattern on line 7

entry main (x: i32) (y: i32) : i32 =
  match (3, {a = x, b = y})
  case (_, {a = 0, b = _}) -> 1
  case (_, 7) -> 2
  case _ -> 3
