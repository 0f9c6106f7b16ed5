-- A module type from an imported file used to ascribe a module of this file.
-- ==
-- input { 3i32 } output { 6i32 }

import "lib/counter"

module by_two : counter = {
  type t = i32
  def zero = 0i32
  def inc (x: i32) = x + 2
  def get (x: i32) = x
}

entry main (n: i32) : i32 = by_two.get (loop x = by_two.zero for _i < n do by_two.inc x)
